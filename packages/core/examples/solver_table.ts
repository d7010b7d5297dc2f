/**
 * The solver comparison table of docs/solvers.md: every solver at its documented defaults,
 * and again at a matched cost (settings chosen so that a step of the pyramid of base 20
 * costs about what the soft step's does), on the same scenes, stepped at 60 Hz. Prints a
 * Markdown table.
 *
 *   npx tsx packages/core/examples/solver_table.ts            # everything
 *   npx tsx packages/core/examples/solver_table.ts --no-time  # skip the timings (deterministic columns only)
 *   npx tsx packages/core/examples/solver_table.ts --bench    # the bench scenes' table instead
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
 *
 * With --bench, the bench's other scenes (apps/bench), smaller than the bench runs them so
 * that fifteen worlds of each fit in minutes, stepped as for ms/step above:
 *   tumbler        400 boxes in the turning box (the bench: 2,025); `lost`: boxes whose
 *                  center is farther from the box's than its corners after the run
 *   rain           one shelf of 10 groups of 5 ragdolls, 100 ground boxes (the bench: 5
 *                  shelves of 40 groups), dropped and replaced as the bench does
 *   smash          a 30 x 30 block of boxes (the bench: 120 x 80), the heavy box through it
 *   spinner        1,000 bodies stirred in the loop (the bench: 6,076); `lost`: bodies
 *                  whose center is outside the loop after the run
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
import {
  chainScene,
  jointGridScene,
  maxJointGap,
  pyramidScene,
  rainScene,
  smashScene,
  spinnerScene,
  stackScene,
  tumblerScene,
} from '../src/scenes/index';
import { SOLVERS } from '../test/solvers/solver_support';

const DT = 1 / 60;
const timed = !process.argv.includes('--no-time');
const bench = process.argv.includes('--bench');

/**
 * The defaults (the solver tests' list), then the matched-cost settings: at the defaults the sequential-impulse
 * solvers cost about 0.7 of the soft step's pyramid 20 step, PGS 1.4, Jacobi 1.0 and XPBD
 * 1.5 (measured alternating, docs/solvers.md), so the matched rows give the cheaper ones
 * more iterations and XPBD fewer sub-steps.
 */
const solvers: [string, () => Solver | null][] = [
  ['soft step (default, 4 sub-steps)', () => null],
  ...SOLVERS,
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

/** The largest joint gap of `joints` over 600 steps of `world`. */
function largestGap(world: World, joints: Parameters<typeof maxJointGap>[1]): number {
  let worst = 0;
  for (let i = 0; i < 600; i++) {
    world.step(DT);
    worst = Math.max(worst, maxJointGap(world, joints));
  }
  return worst;
}

function massRatioChain(solver: Solver | null): number {
  const world = new World({ solver });
  return largestGap(world, chainScene(world, { links: 20, endMassRatio: 100 }).joints);
}

function gridGap(solver: Solver | null): number {
  const world = new World({ solver });
  return largestGap(world, jointGridScene(world, { rows: 20, columns: 20 }).joints);
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

/**
 * ms per step of each solver's world on a scene, the worlds stepped in turn (20 steps each,
 * 8 rounds, after 60 of warm-up), and the worlds after: a scene may return what it does
 * before each step (the rain's drops), called with the step's index.
 */
function msPerStep(scene: (world: World) => ((step: number) => void) | undefined): {
  ms: number[];
  worlds: World[];
} {
  const steps: number[] = [];
  const updates: (((step: number) => void) | undefined)[] = [];
  const worlds = solvers.map(([, make]) => {
    const world = new World({ solver: make(), enableSleep: false });
    updates.push(scene(world));
    steps.push(0);
    return world;
  });
  const step = (k: number) => {
    updates[k]?.(steps[k]!++);
    worlds[k]!.step(DT);
  };
  worlds.forEach((_, k) => {
    for (let i = 0; i < 60; i++) step(k);
  });
  const total = worlds.map(() => 0);
  for (let round = 0; round < 8; round++) {
    worlds.forEach((_, k) => {
      const t0 = performance.now();
      for (let i = 0; i < 20; i++) step(k);
      total[k]! += performance.now() - t0;
    });
  }
  return { ms: total.map((t) => t / 160), worlds };
}

/** How many of `bodies` have their center farther than `radius` from `center` (NaN counts). */
function lost(world: World, bodies: BodyId[], center: { x: number; y: number }, radius: number): number {
  return bodies.filter((b) => {
    const p = world.getBodyPosition(b);
    return !(Math.hypot(p.x - center.x, p.y - center.y) <= radius);
  }).length;
}

/** The bench scenes' table (--bench): ms per step, and the bodies the tumbler and the spinner lost. */
function benchTable(): void {
  const tumblers: BodyId[][] = [];
  const tumbler = msPerStep((w) => {
    tumblers.push(tumblerScene(w, 20).boxes);
    return undefined;
  });
  const rain = msPerStep((w) => {
    const scene = rainScene(w, { rows: 1, columns: 10, groupSize: 5, gridCount: 100 });
    return (step) => scene.update(step);
  });
  const smash = msPerStep((w) => {
    smashScene(w, 30, 30);
    return undefined;
  });
  const spinners: BodyId[][] = [];
  const spinner = msPerStep((w) => {
    spinners.push(spinnerScene(w, 1000).bodies);
    return undefined;
  });
  const header = ['solver', 'tumbler ms/step', 'tumbler lost', 'rain ms/step', 'smash ms/step'];
  header.push('spinner ms/step', 'spinner lost');
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  solvers.forEach(([name], k) => {
    const row = [
      name,
      tumbler.ms[k]!.toFixed(2),
      // the turning box: 20 m square about (0, 10); a box inside is within 10 sqrt 2 of its center
      String(lost(tumbler.worlds[k]!, tumblers[k]!, { x: 0, y: 10 }, 14.2)),
      rain.ms[k]!.toFixed(2),
      smash.ms[k]!.toFixed(2),
      spinner.ms[k]!.toFixed(2),
      // the loop: radius 40 about (0, 32)
      String(lost(spinner.worlds[k]!, spinners[k]!, { x: 0, y: 32 }, 40)),
    ];
    console.log(`| ${row.join(' | ')} |`);
  });
}

if (bench) benchTable();
else mainTable();

function mainTable(): void {
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
        msPerStep((w) => void pyramidScene(w, 20)).ms,
        msPerStep((w) => void pyramidScene(w, 40)).ms,
        msPerStep((w) => void jointGridScene(w, { rows: 20, columns: 20 })).ms,
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
}
