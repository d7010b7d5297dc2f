/**
 * The joint registration table: every joint type has an entry and a public create method,
 * and its data survives a snapshot (restore makes it through the table).
 */

import { describe, expect, it } from 'vitest';
import { JointType, World } from '../../src/index';
import { jointTypes } from '../../src/joints/registry';

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
