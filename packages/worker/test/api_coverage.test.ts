import type * as Core from '@impulse/core';
import { JointType, type World } from '@impulse/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { INPUT_METHODS } from '../src/protocol/inputs';
import { type MethodsRouted, WORLD_METHODS } from '../src/protocol/world_methods';
import { createInlinePhysics, type PhysicsClient } from '../src/index';

/** The core's names from before its naming rule, while it still has them (not rows of the table). */
type OldNames = typeof Core extends { RENAMED_WORLD_METHODS: infer R } ? keyof R : never;

/** Public World methods without a row in the table: a new World method fails to compile here. */
type Unrouted = Exclude<keyof World, keyof typeof WORLD_METHODS | OldNames>;

type Absent = MethodsRouted<{ readonly absent: string }>;

describe('the table of World methods', () => {
  it('has a row for every public World method', () => {
    expectTypeOf<Unrouted>().toEqualTypeOf<never>();
  });

  it('puts every row but the absent ones on the client, and says why the absent ones are not', () => {
    expectTypeOf<
      Exclude<Exclude<keyof typeof WORLD_METHODS, Absent>, keyof PhysicsClient>
    >().toEqualTypeOf<never>();
    const physics = createInlinePhysics({ stepping: 'manual' });
    for (const [name, route] of Object.entries(WORLD_METHODS)) {
      const method = (physics as unknown as Record<string, unknown>)[name];
      if (typeof route === 'object') {
        expect(route.absent.length, name).toBeGreaterThan(0); // (step is there, as step(n): a promise)
      } else {
        expect(typeof method, name).toBe('function');
      }
    }
    physics.dispose();
  });

  it('takes its per-frame inputs from the input forms, and its joint creators from the core', () => {
    for (const name of INPUT_METHODS) expect(WORLD_METHODS[name], name).toBe('input');
    for (const kind of Object.keys(JointType)) {
      expect(WORLD_METHODS[`create${kind}Joint` as keyof typeof WORLD_METHODS], kind).toBe('command');
    }
  });
});
