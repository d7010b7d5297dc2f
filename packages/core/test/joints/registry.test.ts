/**
 * The joint registration table: every joint type has an entry and a public create method,
 * and its data survives a snapshot (restore makes it through the table); its rollback
 * functions carry every field of its data except the solver temporaries that prepare
 * rewrites.
 */

import { describe, expect, it } from 'vitest';
import { JointType, World } from '../../src/index';
import { jointCreators, jointTypes } from '../../src/joints/registry';

describe('joint registry', () => {
  it('every JointType has an entry whose data object is fresh each time', () => {
    for (const [name, type] of Object.entries(JointType)) {
      const entry = jointTypes[type];
      expect(entry, name).toBeDefined();
      expect(entry!.create()).not.toBe(entry!.create());
      expect(typeof (World.prototype as unknown as Record<string, unknown>)[`create${name}Joint`], name).toBe(
        'function',
      );
    }
    expect(jointTypes.length).toBe(Object.keys(JointType).length);
  });
});

/**
 * Per type, the data fields a rollback state leaves out: solver temporaries that the
 * type's prepare writes before the step reads them (and nested Softness objects, made by
 * prepare too). Anything else must round-trip, so a field added to a data class is saved
 * unless it is listed here on purpose.
 */
const TEMPORARIES: Record<string, readonly string[]> = {
  Distance: ['ux', 'uy'],
  // solver temporaries are in the joints' rows (revolute_rows.ts and the other *_rows.ts),
  // none in their data but the axis the reaction reads
  Revolute: [],
  Prismatic: ['lastAxisX', 'lastAxisY'],
  Weld: [],
  Wheel: ['ux', 'uy'],
  Mouse: [],
  Motor: [],
  Filter: [],
};

describe('joint rollback functions', () => {
  it('carry every number and boolean of the data but the listed temporaries, in rollbackSize doubles', () => {
    for (const [name, type] of Object.entries(JointType)) {
      const entry = jointTypes[type]!;
      const source = entry.create() as unknown as Record<string, unknown>;
      // a distinct value in every field: numbers 1.5, 2.5, ...; booleans alternate
      let k = 0;
      for (const key of Object.keys(source)) {
        if (typeof source[key] === 'number') source[key] = 1.5 + k++;
        else if (typeof source[key] === 'boolean') source[key] = k++ % 2 === 0;
      }
      const f = new Float64Array(entry.rollbackSize + 1).fill(Number.NaN);
      expect(entry.saveRollback(source as never, f, 1), name).toBe(1 + entry.rollbackSize);
      const target = entry.create() as unknown as Record<string, unknown>;
      expect(entry.loadRollback(target as never, f, 1), name).toBe(1 + entry.rollbackSize);
      const missed = Object.keys(source).filter(
        (key) => typeof source[key] !== 'object' && !Object.is(target[key], source[key]),
      );
      // as sets: the order of the data class's fields is not the point
      expect([...missed].sort(), name).toEqual([...TEMPORARIES[name]!].sort());
    }
  });
});

describe('the registry is the one list of joint kinds', () => {
  it('names each kind after its JointType key, and every kind has its World create method', () => {
    for (const [key, type] of Object.entries(JointType)) {
      expect(jointTypes[type]!.name).toBe(key.toLowerCase());
    }
    expect(jointTypes.length).toBe(Object.keys(JointType).length);
    const proto = World.prototype as unknown as Record<string, unknown>;
    for (const [method, type] of Object.entries(jointCreators)) {
      expect(typeof proto[method], method).toBe('function');
      expect(method).toBe(`create${Object.keys(JointType)[Object.values(JointType).indexOf(type)]}Joint`);
    }
    expect(Object.keys(jointCreators).length).toBe(jointTypes.length);
  });
});
