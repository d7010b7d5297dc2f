import type { World } from '@impulse/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PhysicsClient } from '../src/index';

/**
 * Public World methods the client does not have, each with the reason. Every other public
 * World member must be on the client too, so code moves between the two: a new World
 * method fails to compile here until the client has it or it is listed.
 */
const NOT_ON_THE_CLIENT = {
  step: 'the client steps on its own clock, or with step(n) (a promise) in manual mode',
  getContactEvents: 'events arrive by subscription: onContactEvents',
  getBodyEvents: 'events arrive by subscription: onBodyEvents (moved bodies: the frame)',
  getJointEvents: 'events arrive by subscription: onJointEvents',
  createMover: 'a mover queries the world every frame: createCharacter runs it in the worker',
  moveCharacter: 'as createMover',
  getSolver:
    'a solver is a module object (functions), which postMessage cannot send: the worker needs the factories in its bundle (docs/solvers.md, follow-ups)',
  setSolver: 'as getSolver',
} as const;

type Missing = Exclude<keyof World, keyof PhysicsClient | keyof typeof NOT_ON_THE_CLIENT>;

describe('the client API', () => {
  it('has every public World method, or says why not', () => {
    expectTypeOf<Missing>().toEqualTypeOf<never>();
    expect(Object.values(NOT_ON_THE_CLIENT).every((why) => why.length > 0)).toBe(true);
  });
});
