import type { World } from '@impulse/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { CommandName, PhysicsClient } from '../src/index';

/** Exact type equality (mutual assignability is too weak for function types). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** The commands whose client signature differs from World's (none may). */
type Differing = {
  [K in CommandName]: Same<PhysicsClient[K], World[K]> extends true ? never : K;
}[CommandName];

describe('the client type', () => {
  it('has every World command with the core signature, so code moves between the two', () => {
    expectTypeOf<Differing>().toEqualTypeOf<never>();
    expectTypeOf<PhysicsClient['createBody']>().toEqualTypeOf<World['createBody']>();
    expectTypeOf<PhysicsClient['setJointParams']>().parameters.toEqualTypeOf<
      Parameters<World['setJointParams']>
    >();
  });

  it('reads poses synchronously like World, and asks the worker with promises', () => {
    expectTypeOf<PhysicsClient['getBodyPosition']>().toEqualTypeOf<World['getBodyPosition']>();
    expectTypeOf<PhysicsClient['readBodyTransforms']>().parameters.toEqualTypeOf<
      Parameters<World['readBodyTransforms']>
    >();
    expectTypeOf<PhysicsClient['stateHash']>().returns.toEqualTypeOf<Promise<number>>();
    expectTypeOf<PhysicsClient['castRayClosest']>().returns.toEqualTypeOf<
      Promise<ReturnType<World['castRayClosest']>>
    >();
  });

  it('takes the same query arguments as World, partial filters included', () => {
    type Q =
      | 'castRayClosest'
      | 'castRayAll'
      | 'castRayAny'
      | 'castShape'
      | 'overlapAABB'
      | 'overlapPoint'
      | 'overlapShape';
    type DifferingQueries = {
      [K in Q]: Same<Parameters<PhysicsClient[K]>, Parameters<World[K]>> extends true ? never : K;
    }[Q];
    expectTypeOf<DifferingQueries>().toEqualTypeOf<never>();
    expectTypeOf<PhysicsClient['createPersistentRay']>()
      .parameter(2)
      .toEqualTypeOf<Parameters<World['castRayClosest']>[2]>();
  });
});
