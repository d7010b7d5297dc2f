/**
 * The alternative solvers (issue 24, docs/solvers.md): each passes the physics it can be
 * expected to pass, is deterministic, survives snapshots and rollback, and the world
 * rejects what a solver cannot solve. What a solver cannot pass is listed in
 * docs/solvers.md with the reason; those cases are asserted as failing here too, so the
 * list stays true.
 */

import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, makeCircle, type Solver, World } from '../../src/index';
import { baumgarteSolver, ngsSolver, pgsSolver, softOdeSolver, xpbdSolver } from '../../src/solvers/index';
import { chainScene, inclineScene, maxJointGap, pyramidScene, stackScene } from '../../src/scenes/index';
import { BODY_STATE } from '../../src/dynamics/body_state_layout';
import * as kit from '../../src/solvers/solver_kit';
import { DT, expectThrowsUnchanged, stepWorld } from '../support';
import { SOLVERS, solversNamed } from './solver_support';
import { bundleInSrc } from '../static_inputs';

const G = 10;

function pendulumPeriod(solver: Solver): number {
  const world = new World({ solver, enableSleep: false });
  const anchor = world.createBody({ position: { x: 0, y: 10 } });
  const angle = 0.1;
  const L = 1;
  const bob = world.createBody({
    type: BodyType.Dynamic,
    position: { x: L * Math.sin(angle), y: 10 - L * Math.cos(angle) },
  });
  world.createCircleShape(bob, makeCircle(0, 0, 0.05), { density: 1 });
  world.createRevoluteJoint({
    bodyA: anchor,
    bodyB: bob,
    localAnchorB: world.getBodyLocalPoint(bob, { x: 0, y: 10 }),
  });
  // time between the first and the fifth crossing of x = 0 going the same way: 2 periods
  const crossings: number[] = [];
  let last = world.getBodyPosition(bob).x;
  for (let i = 1; i <= 600 && crossings.length < 5; i++) {
    world.step(DT);
    const x = world.getBodyPosition(bob).x;
    if ((last > 0 && x <= 0) || (last < 0 && x >= 0)) crossings.push((i - 1 + last / (last - x)) * DT);
    last = x;
  }
  return (crossings[4]! - crossings[0]!) / 2;
}

describe.each(SOLVERS)('solver %s', (_name, make) => {
  it('free fall follows the integrator exactly', () => {
    const solver = make();
    const world = new World({ solver });
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 100 } });
    world.createCircleShape(body, makeCircle(0, 0, 0.5));
    stepWorld(world, 60);
    // symplectic Euler over m sub-steps of h: y = y0 - g h^2 m (m + 1) / 2
    const sub = 'subSteps' in solver.settings ? (solver.settings.subSteps as number) : 1;
    const h = DT / sub;
    const m = 60 * sub;
    expect(world.getBodyPosition(body).y).toBeCloseTo(100 - (G * h * h * m * (m + 1)) / 2, 6);
    expect(world.getBodyLinearVelocity(body).y).toBeCloseTo(-G * h * m, 6);
  });

  it('a pendulum swings with the period of the physical pendulum (within 2 %)', () => {
    // I = m r^2 / 2 about the center, + m L^2: T = 2 pi sqrt((L^2 + r^2 / 2) / (g L))
    const expected = 2 * Math.PI * Math.sqrt((1 + 0.05 * 0.05 * 0.5) / G);
    expect(Math.abs(pendulumPeriod(make()) / expected - 1)).toBeLessThan(0.02);
  });

  it('conserves linear momentum in a collision and along a rod without gravity', () => {
    const world = new World({ solver: make(), gravity: { x: 0, y: 0 } });
    const a = world.createBody({
      type: BodyType.Dynamic,
      position: { x: -2, y: 0 },
      linearVelocity: { x: 3, y: 0.5 },
    });
    world.createPolygonShape(a, makeBox(0.5, 0.5), { density: 1 });
    const b = world.createBody({
      type: BodyType.Dynamic,
      position: { x: 2, y: 0.2 },
      linearVelocity: { x: -1, y: 0 },
    });
    world.createPolygonShape(b, makeBox(0.5, 0.5), { density: 3 });
    const c = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 5 }, angularVelocity: 2 });
    world.createCircleShape(c, makeCircle(0, 0, 0.25), { density: 2 });
    const d = world.createBody({
      type: BodyType.Dynamic,
      position: { x: 1, y: 5 },
      linearVelocity: { x: 0, y: 1 },
    });
    world.createCircleShape(d, makeCircle(0, 0, 0.25), { density: 1 });
    world.createDistanceJoint({
      bodyA: c,
      bodyB: d,
      length: 1,
    });
    const momentum = () => {
      let px = 0;
      let py = 0;
      for (const body of [a, b, c, d]) {
        const v = world.getBodyLinearVelocity(body);
        px += world.getBodyMass(body) * v.x;
        py += world.getBodyMass(body) * v.y;
      }
      return { px, py };
    };
    const before = momentum();
    stepWorld(world, 120);
    const after = momentum();
    // the boxes did collide: a lost most of its speed to b
    expect(world.getBodyLinearVelocity(a).x).toBeLessThan(1);
    expect(after.px).toBeCloseTo(before.px, 9);
    expect(after.py).toBeCloseTo(before.py, 9);
  });

  it('friction: a box stays on a 17 degree slope at mu 0.6 and slides at mu 0.1', () => {
    const moved = (mu: number) => {
      const world = new World({ solver: make() });
      const { box } = inclineScene(world, 0.3, mu);
      const p0 = world.getBodyPosition(box);
      stepWorld(world, 120);
      const p1 = world.getBodyPosition(box);
      return Math.hypot(p1.x - p0.x, p1.y - p0.y);
    };
    expect(moved(0.6)).toBeLessThan(0.05);
    // a = g (sin - mu cos) = 2 m/s^2: about 4 m in 2 s
    expect(moved(0.1)).toBeGreaterThan(2);
  });

  it('restitution: a ball of restitution 0.8 bounces back to about 0.64 of its drop height', () => {
    const world = new World({ solver: make() });
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(20, 1), { restitution: 0.8 });
    const ball = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 1 + 0.25 + 5 } });
    world.createCircleShape(ball, makeCircle(0, 0, 0.25), { restitution: 0.8 });
    let bounced = false;
    let apex = 0;
    for (let i = 0; i < 240; i++) {
      world.step(DT);
      const vy = world.getBodyLinearVelocity(ball).y;
      const y = world.getBodyPosition(ball).y - 1.25;
      if (vy > 0) bounced = true;
      if (bounced) apex = Math.max(apex, y);
      if (bounced && vy < 0) break;
    }
    expect(apex / 5).toBeGreaterThan(0.5);
    expect(apex / 5).toBeLessThan(0.75);
  });

  it('is deterministic: two runs of a pyramid agree bit for bit', () => {
    const run = () => {
      const world = new World({ solver: make() });
      pyramidScene(world, 10);
      const hashes: number[] = [];
      for (let i = 0; i < 120; i++) {
        world.step(DT);
        hashes.push(world.stateHash());
      }
      return hashes;
    };
    expect(run()).toEqual(run());
  });

  it('continues bit for bit after snapshot and restore, and after a rollback', () => {
    const solver = make();
    const world = new World({ solver });
    pyramidScene(world, 6);
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: 8, y: 3 } });
    world.createPolygonShape(body, makeBox(0.3, 0.3));
    const anchor = world.createBody({ position: { x: 8, y: 6 } });
    world.createRevoluteJoint({
      bodyA: anchor,
      bodyB: body,
      localAnchorB: { x: 0, y: 3 },
    });
    stepWorld(world, 30);
    const bytes = world.snapshot();
    const copy = new World({ solver });
    copy.restore(bytes);
    expect(copy.getSolver()).toBe(solver);
    const state = world.saveState();
    stepWorld(world, 30);
    stepWorld(copy, 30);
    const hash = world.stateHash();
    expect(copy.stateHash()).toBe(hash);
    world.loadState(state);
    stepWorld(world, 30);
    expect(world.stateHash()).toBe(hash);
    // restore keeps the solver as set, like the mixers
    world.restore(bytes);
    expect(world.getSolver()).toBe(solver);
  });
});

describe('what each solver holds up', () => {
  /** Largest displacement of any body of the scene after `steps`. */
  function drift(
    solver: Solver | null,
    scene: (w: World) => ReturnType<typeof stackScene>,
    steps: number,
  ): number {
    const world = new World({ solver });
    const ids = scene(world);
    const start = ids.map((b) => world.getBodyPosition(b));
    stepWorld(world, steps);
    let worst = 0;
    ids.forEach((b, i) => {
      const p = world.getBodyPosition(b);
      worst = Math.max(worst, Math.hypot(p.x - start[i]!.x, p.y - start[i]!.y));
    });
    return worst;
  }

  it.each(solversNamed('baumgarte', 'block', 'ngs', 'pgs', 'xpbd'))(
    'a pyramid of 10 stands under %s',
    (_name, solver) => {
      expect(drift(solver, (w) => pyramidScene(w, 10), 300)).toBeLessThan(0.1);
    },
  );

  it.each(solversNamed('ngs', 'xpbd'))('a stack of 10 boxes stands under %s', (_name, solver) => {
    expect(drift(solver, (w) => stackScene(w, 10), 600)).toBeLessThan(0.1);
  });

  it('Jacobi at its defaults lets a pyramid of 10 sink and fall (docs/solvers.md: it converges slower)', () => {
    expect(drift(pgsSolver({ jacobi: true }), (w) => pyramidScene(w, 10), 300)).toBeGreaterThan(0.1);
  });

  it.each(solversNamed('baumgarte', 'block', 'softOde', 'pgs'))(
    'a stack of 20 boxes falls under %s (docs/solvers.md lists why)',
    (_name, solver) => {
      expect(drift(solver, (w) => stackScene(w, 20), 600)).toBeGreaterThan(1);
    },
  );

  it.each(solversNamed('baumgarte', 'block', 'softOde', 'pgs', 'jacobi'))(
    'a chain ending in a 100x heavier link opens its joints by over 1 m under %s',
    (_name, solver) => {
      const world = new World({ solver });
      const { joints } = chainScene(world, { links: 20, endMassRatio: 100 });
      let worst = 0;
      for (let i = 0; i < 600; i++) {
        world.step(DT);
        worst = Math.max(worst, maxJointGap(world, joints));
      }
      expect(worst).toBeGreaterThan(1);
    },
  );
});

describe('choosing a solver', () => {
  it('is per world and can change between steps; null goes back to the soft step', () => {
    const soft = new World();
    const world = new World({ solver: ngsSolver() });
    pyramidScene(soft, 5);
    pyramidScene(world, 5);
    expect(soft.getSolver()).toBe(null);
    stepWorld(world, 10);
    world.setSolver(null);
    expect(world.getSolver()).toBe(null);
    stepWorld(world, 10);
    world.setSettings({ solver: xpbdSolver({ subSteps: 4 }) });
    expect(world.getSolver()?.name).toBe('xpbd');
    stepWorld(world, 10);
    expect(world.getCounters().stepCount).toBe(30);
  });

  it('rejects bad settings with the factory, the field and the value', () => {
    expect(() => baumgarteSolver({ iterations: 0 })).toThrow(
      /^baumgarteSolver: settings\.iterations must be an integer in \[1, 1000\], got 0/,
    );
    expect(() => xpbdSolver({ subSteps: 2.5 })).toThrow(/^xpbdSolver: settings\.subSteps/);
    expect(() => ngsSolver({ beta: 2 })).toThrow(/^ngsSolver: settings\.beta must be in/);
    expect(() => pgsSolver({ jacobi: 1 as unknown as boolean })).toThrow(
      /^pgsSolver: settings\.jacobi must be a boolean/,
    );
    expect(() => softOdeSolver({ hertz: 3 } as never)).toThrow(
      /^softOdeSolver: settings has no field 'hertz'/,
    );
    expect(() => new World({ solver: 'xpbd' as never })).toThrow(/^World: solver must be a solver/);
    const world = new World();
    expect(() => world.setSolver({} as never)).toThrow(/^setSolver: solver must be a solver/);
  });

  it('rejects a joint feature a solver lacks, naming the solver, leaving the world as it was', () => {
    // every alternative has every feature now; a solver described without one (breaking)
    // shows what the world does with a combination its solver cannot solve
    const lacking = (): Solver => {
      const s = baumgarteSolver();
      const capabilities = Object.freeze({ ...s.capabilities, breakableJoints: false });
      return Object.freeze({ ...s, name: 'noBreak', capabilities });
    };
    const world = new World({ solver: lacking() });
    const a = world.createBody();
    const b = world.createBody({ type: BodyType.Dynamic, position: { x: 1, y: 0 } });
    world.createCircleShape(b, makeCircle(0, 0, 0.2));
    expectThrowsUnchanged(
      world,
      () =>
        world.createDistanceJoint({
          bodyA: a,
          bodyB: b,
          breakForce: 10,
        }),
      /^createDistanceJoint: the solver 'noBreak' cannot break joints \(breakForce, breakTorque\)/,
    );
    // a motorised, limited hinge is fine; made breakable later it is rejected there
    const hinge = world.createRevoluteJoint({
      bodyA: a,
      bodyB: b,
      localAnchorB: { x: -1, y: 0 },
      enableMotor: true,
      maxMotorTorque: 10,
      enableLimit: true,
      lowerAngle: -1,
      upperAngle: 1,
    });
    stepWorld(world, 5);
    expectThrowsUnchanged(
      world,
      () => world.setJointBreakForce(hinge, 5),
      /^setJointBreakForce: the solver 'noBreak' cannot break joints/,
    );
    stepWorld(world, 1);
    // and a world with a breakable joint keeps its solver when asked to switch to it
    const soft = new World();
    soft.createPrismaticJoint({
      bodyA: soft.createBody(),
      bodyB: soft.createBody({ type: BodyType.Dynamic }),
      breakTorque: 3,
    });
    expectThrowsUnchanged(
      soft,
      () => soft.setSolver(lacking()),
      /^setSolver: the solver 'noBreak' cannot break joints \(breakForce, breakTorque\); joint /,
    );
    expect(soft.getSolver()).toBe(null);
    // every alternative takes it (test/solvers/breaking.test.ts)
    for (const [, make] of SOLVERS) {
      soft.setSolver(make());
      stepWorld(soft, 1);
    }
  });

  it('keeps the solvers out of a bundle that does not import them', async () => {
    // one file: what a dynamic import could reach is inlined, so it is searched too
    const { entry: text } = await bundleInSrc(
      "import { World } from './index.ts'; const w = new World(); w.step(1 / 60); console.log(w.stateHash());",
      false,
    );
    expect(text).toContain('stateHash');
    for (const name of [
      'SequentialImpulseSolver',
      'PgsInstance',
      'XpbdInstance',
      'SoftOdeInstance',
      'solveBlock',
    ]) {
      expect(text).not.toContain(name);
    }
  });

  it('the solvers copy the body state layout', () => {
    expect({
      VX: kit.VX,
      VY: kit.VY,
      W: kit.W,
      DPX: kit.DPX,
      DPY: kit.DPY,
      DQC: kit.DQC,
      DQS: kit.DQS,
      STRIDE: kit.STATE_STRIDE,
    }).toEqual(BODY_STATE);
  });
});
