/**
 * The solver comparison table of docs/solvers.md: every solver at its documented defaults,
 * and again at a matched cost (settings chosen so that a step of the pyramid of base 20
 * costs about what the soft step's does), on the same scenes, stepped at 60 Hz. Prints a
 * Markdown table.
 *
 *   npx tsx packages/core/examples/solver_table.ts            # everything
 *   npx tsx packages/core/examples/solver_table.ts --no-time  # skip the timings (deterministic columns only)
 *
 * Columns:
 *   pyramid 20     largest displacement of any box after 10 s (standing: under 0.25 m, half a box)
 *   stack 20       displacement of the top box of a 20-box vertical stack after 10 s (standing:
 *                  under 0.25 m)
 *   grid gap       largest joint gap over 10 s of a 20 x 20 joint grid (the bench's net, smaller)
 *   chain 100:1    largest joint gap over 10 s of a 20-link chain whose last link is 100x heavier,
 *                  released horizontally
 *   energy         total energy change over 10 s of a chain of ten point-like bobs on rigid 1 m
 *                  rods (revolute joints, no collisions), released horizontally, as a fraction
 *                  of M g L, L = 10 m (positive: gained)
 *   ms/step        mean time of a step of the pyramid of base 20 and 40 and of the joint grid,
 *                  sleep off, after a second of warm-up, the solvers' worlds stepped in turn
 *                  (wall clock: noisy on a shared machine; read the ratios to the soft step)
 */

import { performance } from 'node:perf_hooks';
import { type BodyId, BodyType, makeCircle, type Solver, World } from '../src/index';
import {
  baumgarteSolver,
  blockSolver,
  ngsSolver,
  pgsSolver,
  softOdeSolver,
  xpbdSolver,
} from '../src/solvers/index';
import { chainScene, jointGridScene, maxJointGap, pyramidScene, stackScene } from '../src/scenes/index';

const DT = 1 / 60;
const timed = !process.argv.includes('--no-time');

/**
 * The defaults, then the matched-cost settings: at the defaults the sequential-impulse
 * solvers cost about 0.7 of the soft step's pyramid 20 step, PGS 1.4, Jacobi 1.0 and XPBD
 * 1.5 (measured alternating, docs/solvers.md), so the matched rows give the cheaper ones
 * more iterations and XPBD fewer sub-steps.
 */
const solvers: [string, () => Solver | null][] = [
  ['soft step (default, 4 sub-steps)', () => null],
  ['baumgarte', () => baumgarteSolver()],
  ['block', () => blockSolver()],
  ['ngs', () => ngsSolver()],
  ['softOde', () => softOdeSolver()],
  ['pgs', () => pgsSolver()],
  ['jacobi', () => pgsSolver({ jacobi: true })],
  ['xpbd', () => xpbdSolver()],
  ['baumgarte, 12 iterations', () => baumgarteSolver({ iterations: 12 })],
  ['block, 12 iterations', () => blockSolver({ iterations: 12 })],
  ['ngs, 12 + 3 iterations', () => ngsSolver({ iterations: 12 })],
  ['softOde, 12 iterations', () => softOdeSolver({ iterations: 12 })],
  ['pgs, 7 iterations', () => pgsSolver({ iterations: 7 })],
  ['jacobi, 10 iterations', () => pgsSolver({ jacobi: true, iterations: 10 })],
  ['xpbd, 5 sub-steps', () => xpbdSolver({ subSteps: 5 })],
];

function largestDrift(world: World, ids: ReturnType<typeof stackScene>, steps: number): number {
  const start = ids.map((b) => world.getBodyPosition(b));
  for (let i = 0; i < steps; i++) world.step(DT);
  let worst = 0;
  ids.forEach((b, i) => {
    const p = world.getBodyPosition(b);
    worst = Math.max(worst, Math.hypot(p.x - start[i]!.x, p.y - start[i]!.y));
  });
  return worst;
}

function pyramid(solver: Solver | null): number {
  const world = new World({ solver });
  return largestDrift(world, pyramidScene(world, 20), 600);
}

function stack(solver: Solver | null): number {
  const world = new World({ solver });
  const ids = stackScene(world, 20);
  const top = ids[ids.length - 1]!;
  const p0 = world.getBodyPosition(top);
  for (let i = 0; i < 600; i++) world.step(DT);
  const p1 = world.getBodyPosition(top);
  return Math.hypot(p1.x - p0.x, p1.y - p0.y);
}

function massRatioChain(solver: Solver | null): number {
  const world = new World({ solver });
  const { joints } = chainScene(world, { links: 20, endMassRatio: 100 });
  let worst = 0;
  for (let i = 0; i < 600; i++) {
    world.step(DT);
    worst = Math.max(worst, maxJointGap(world, joints));
  }
  return worst;
}

function gridGap(solver: Solver | null): number {
  const world = new World({ solver });
  const { joints } = jointGridScene(world, { rows: 20, columns: 20 });
  let worst = 0;
  for (let i = 0; i < 600; i++) {
    world.step(DT);
    worst = Math.max(worst, maxJointGap(world, joints));
  }
  return worst;
}

function energyDrift(solver: Solver | null): number {
  // ten 1 kg-ish bobs on rigid rods of 1 m (revolute joints at the previous bob's center),
  // released horizontally; they never collide (one negative group), so nothing should
  // take energy out but the solver
  const world = new World({ solver, enableSleep: false });
  const filter = { groupIndex: -1 };
  let prev = world.createBody({ position: { x: 0, y: 20 } });
  const links: BodyId[] = [];
  for (let i = 1; i <= 10; i++) {
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: i, y: 20 } });
    world.createCircleShape(body, makeCircle(0, 0, 0.1), { density: 30, filter });
    world.createRevoluteJoint({
      bodyA: prev,
      bodyB: body,
      localAnchorA: { x: 0, y: 0 },
      localAnchorB: { x: -1, y: 0 },
    });
    links.push(body);
    prev = body;
  }
  const g = -world.getGravity().y;
  const energy = () => {
    let e = 0;
    for (const b of links) {
      const m = world.getBodyMass(b);
      const v = world.getBodyLinearVelocity(b);
      const w = world.getBodyAngularVelocity(b);
      const c = world.getBodyWorldCenter(b);
      e += 0.5 * m * (v.x * v.x + v.y * v.y) + 0.5 * world.getBodyRotationalInertia(b) * w * w + m * g * c.y;
    }
    return e;
  };
  let mass = 0;
  for (const b of links) mass += world.getBodyMass(b);
  const e0 = energy();
  for (let i = 0; i < 600; i++) world.step(DT);
  return (energy() - e0) / (mass * g * links.length);
}

/** ms per step of each solver's world on a scene, the worlds stepped in turn (20 steps each, 8 rounds). */
function msPerStep(scene: (world: World) => void): number[] {
  const worlds = solvers.map(([, make]) => {
    const world = new World({ solver: make(), enableSleep: false });
    scene(world);
    for (let i = 0; i < 60; i++) world.step(DT);
    return world;
  });
  const total = worlds.map(() => 0);
  for (let round = 0; round < 8; round++) {
    worlds.forEach((world, k) => {
      const t0 = performance.now();
      for (let i = 0; i < 20; i++) world.step(DT);
      total[k]! += performance.now() - t0;
    });
  }
  return total.map((t) => t / 160);
}

const header = [
  'solver',
  'pyramid 20 drift (m)',
  'stands',
  'stack 20 drift (m)',
  'stands',
  'chain 100:1 gap (m)',
  'grid gap (m)',
  'energy drift',
];
const timings = timed
  ? [
      msPerStep((w) => pyramidScene(w, 20)),
      msPerStep((w) => pyramidScene(w, 40)),
      msPerStep((w) => jointGridScene(w, { rows: 20, columns: 20 })),
    ]
  : [];
if (timed) header.push('ms/step pyramid 20', 'ms/step pyramid 40', 'ms/step grid 20');
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
solvers.forEach(([name, make], k) => {
  const p = pyramid(make());
  const st = stack(make());
  const row = [
    name,
    p.toFixed(3),
    p < 0.25 ? 'yes' : 'no',
    st.toFixed(3),
    st < 0.25 ? 'yes' : 'no',
    massRatioChain(make()).toFixed(3),
    gridGap(make()).toFixed(3),
    energyDrift(make()).toFixed(3),
  ];
  for (const t of timings) row.push(t[k]!.toFixed(2));
  console.log(`| ${row.join(' | ')} |`);
});
