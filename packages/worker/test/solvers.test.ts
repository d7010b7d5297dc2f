import { makeBox, type Solver, type SolverDescription, World } from '@impulse/core';
import {
  baumgarteSolver,
  blockSolver,
  ngsSolver,
  pgsSolver,
  softOdeSolver,
  xpbdSolver,
} from '@impulse/core/solvers';
import { describe, expect, it } from 'vitest';
import { createInlinePhysics, type PhysicsClient } from '../src/index';
import { buildPyramid, createTestWorker, disposeAfterEach, DT, records, stepBoth } from './support';

const keep = disposeAfterEach();

/** Each description and the solver object the core's factory makes of the same settings. */
const SOLVERS: [SolverDescription, Solver][] = [
  [{ kind: 'baumgarte', iterations: 6 }, baumgarteSolver({ iterations: 6 })],
  [{ kind: 'block' }, blockSolver()],
  [{ kind: 'ngs', positionIterations: 2 }, ngsSolver({ positionIterations: 2 })],
  [{ kind: 'softOde' }, softOdeSolver()],
  [{ kind: 'pgs' }, pgsSolver()],
  [{ kind: 'pgs', jacobi: true }, pgsSolver({ jacobi: true })],
  [{ kind: 'xpbd', subSteps: 6 }, xpbdSolver({ subSteps: 6 })],
];

/** A pyramid of 6 and a pendulum of three links on revolute joints: contacts and joints. */
function build(target: World | PhysicsClient): void {
  buildPyramid(target, 6);
  let prev = target.createBody({ position: { x: -12, y: 10 } });
  for (let i = 0; i < 3; i++) {
    const link = target.createBody({ type: 2, position: { x: -11.5 + i, y: 10 } });
    target.createPolygonShape(link, makeBox(0.5, 0.1), { filter: { groupIndex: -1 } });
    target.createRevoluteJoint({
      bodyA: prev,
      bodyB: link,
      localAnchorA: i === 0 ? { x: 0, y: 0 } : { x: 0.5, y: 0 },
      localAnchorB: { x: -0.5, y: 0 },
    });
    prev = link;
  }
}

describe.each(SOLVERS.map(([d, s]) => [`${d.kind}${'jacobi' in d ? ' (jacobi)' : ''}`, d, s] as const))(
  'under %s',
  (_name, description, solver) => {
    it('a worker thread and the inline backend step as a World with the same solver, bit for bit', async () => {
      const worker = keep(createTestWorker({ stepping: 'manual', solver: description }));
      const inline = keep(createInlinePhysics({ stepping: 'manual', solver: description }));
      const world = new World({ solver });
      for (const target of [worker, inline, world]) build(target);
      for (let step = 1; step <= 120; step++) {
        await Promise.all([worker.step(1), inline.step(1)]);
        world.step(DT);
        if (step % 40 === 0) {
          expect(records(worker)).toEqual(records(world));
          expect(records(inline)).toEqual(records(world));
        }
      }
      const hash = world.stateHash();
      expect(await worker.stateHash()).toBe(hash);
      expect(await inline.stateHash()).toBe(hash);
      expect(worker.getSolver()).toEqual(description);
      // not the soft step's motion: the solver was in use from the first step
      const soft = new World();
      build(soft);
      for (let i = 0; i < 120; i++) soft.step(DT);
      expect(soft.stateHash()).not.toBe(hash);
    });
  },
);

describe('setSolver at runtime', () => {
  it('switches in order with the commands: the worker matches a World switched at the same step', async () => {
    const worker = keep(createTestWorker({ stepping: 'manual' }));
    const world = new World();
    build(worker);
    build(world);
    await stepBoth(worker, world, 30);
    const switched = worker.setSolver({ kind: 'xpbd', subSteps: 4 });
    expect(worker.getSolver()).toBe(null); // not yet: the module loads first
    await switched;
    expect(worker.getSolver()).toEqual({ kind: 'xpbd', subSteps: 4 });
    world.setSolver(xpbdSolver({ subSteps: 4 }));
    await stepBoth(worker, world, 30);
    expect(await worker.stateHash()).toBe(world.stateHash());
    await worker.setSolver(null);
    world.setSolver(null);
    await stepBoth(worker, world, 10);
    expect(await worker.stateHash()).toBe(world.stateHash());
  });

  it('applies switches made back to back in call order', async () => {
    const physics = keep(createInlinePhysics({ stepping: 'manual' }));
    const a = physics.setSolver({ kind: 'ngs' });
    const b = physics.setSolver({ kind: 'baumgarte' });
    await Promise.all([a, b]);
    expect(physics.getSolver()).toEqual({ kind: 'baumgarte' });
  });
});

describe('a bad description', () => {
  it('throws at the call site for a bad shape, naming the field and the value', () => {
    expect(() => createInlinePhysics({ solver: { kind: 'nope' } as unknown as SolverDescription })).toThrow(
      'createPhysics: solver.kind must be one of baumgarte, block, ngs, softOde, pgs, xpbd, got "nope"',
    );
    const physics = keep(createInlinePhysics({ stepping: 'manual' }));
    expect(() => physics.setSolver({ kind: 'xpbd', subSteps: '8' } as unknown as SolverDescription)).toThrow(
      'setSolver: solver.subSteps must be a number or a boolean, got "8"',
    );
    expect(() => physics.setSolver(xpbdSolver() as unknown as SolverDescription)).toThrow(/solver\.kind/);
  });

  it('rejects a setting the factory rejects, in the worker as inline, and changes nothing', async () => {
    const worker = keep(createTestWorker({ stepping: 'manual', solver: { kind: 'ngs' } }));
    await expect(worker.setSolver({ kind: 'xpbd', subSteps: 0 })).rejects.toThrow(
      'setSolver: xpbdSolver: settings.subSteps must be an integer in [1, 1000], got 0',
    );
    await expect(worker.setSolver({ kind: 'xpbd', substeps: 8 } as SolverDescription)).rejects.toThrow(
      "setSolver: xpbdSolver: settings has no field 'substeps'",
    );
    expect(worker.getSolver()).toEqual({ kind: 'ngs' });
    const world = new World({ solver: ngsSolver() });
    build(worker);
    build(world);
    await stepBoth(worker, world, 20);
    expect(await worker.stateHash()).toBe(world.stateHash());
  });

  it('reports a first solver whose settings are rejected, and steps with the soft step', async () => {
    const worker = keep(createTestWorker({ stepping: 'manual', solver: { kind: 'pgs', relaxation: 2 } }));
    const errors: Error[] = [];
    worker.onError((e) => errors.push(e));
    await worker.ready;
    expect(errors.map((e) => e.message)).toEqual([
      'createPhysics: pgsSolver: settings.relaxation must be in [5e-324, 1], got 2',
    ]);
    expect(worker.getSolver()).toBe(null);
    const world = new World();
    build(worker);
    build(world);
    await stepBoth(worker, world, 20);
    expect(await worker.stateHash()).toBe(world.stateHash());
  });

  it('takes breakable joints under an alternative solver and breaks them as the World does', async () => {
    // every joint feature is solved by every alternative now (breaking too: the joint force
    // is read out of the rows); the call-site rejection of a feature a solver lacks is
    // tested in the core (test/solvers/solvers.test.ts) with a solver described without it
    const worker = keep(createTestWorker({ stepping: 'manual', solver: { kind: 'xpbd' } }));
    await worker.ready;
    const world = new World({ solver: xpbdSolver() });
    const build = (c: PhysicsClient | World) => {
      const ground = c.createBody();
      const box = c.createBody({ type: 2, position: { x: 0, y: 4 } });
      c.createPolygonShape(box, makeBox(0.5, 0.5), { density: 1 });
      // holds the box's 10 N weight, not the 2 kN pull of step 11
      return c.createRevoluteJoint({
        bodyA: ground,
        bodyB: box,
        localAnchorA: { x: 0, y: 5 },
        localAnchorB: { x: 0, y: 1 },
        breakForce: 25,
      });
    };
    const joint = build(worker);
    const same = build(world);
    await worker.step(10);
    for (let i = 0; i < 10; i++) world.step(DT);
    expect(await worker.isJointEnabled(joint)).toBe(true);
    expect(world.isJointEnabled(same)).toBe(true);
    worker.applyBodyForceToCenter(worker.getJointBodyB(joint), { x: 0, y: -2000 });
    world.applyBodyForceToCenter(world.getJointBodyB(same), { x: 0, y: -2000 });
    await worker.step(1);
    world.step(DT);
    expect(world.isJointEnabled(same)).toBe(false);
    expect(await worker.isJointEnabled(joint)).toBe(false);
    expect(await worker.stateHash()).toBe(world.stateHash());
  });

  it('refuses a solver object in the world def of a worker', () => {
    expect(() => createTestWorker({ world: { solver: xpbdSolver() } })).toThrow(
      'createPhysics: world.solver must be left out: a solver object cannot be sent to a worker',
    );
  });
});
