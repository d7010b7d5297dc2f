// What a rollback state costs, on the built package (tsx runs the sources 2-3x slower):
//
//   pnpm --filter @impulse/core build && node packages/core/examples/rollback_cost.mjs [rounds]
//
// Each scene runs in a fresh Node process (a function V8 optimised for one scene would
// otherwise be measured deoptimised on the next). A rollback loop as a game runs it: every
// frame saves into a ring of 10 reused states and steps; every 10 frames it loads the state
// 10 frames back and re-simulates them. Reported: the state's bytes per body, the median
// microseconds of one saveState, one loadState and one step, and the share of saves and
// loads that took the fast path (a world at rest: world/rollback_state.ts, "The fast
// path"). The pile is the 200-box pile of test/world/rollback_state.test.ts after 900
// steps: on ground 80 m wide it settles and every body sleeps by step 640; on the 40 m
// ground of the test, 13 boxes slide off and fall for ever, awake, while the 187 others
// sleep; with sleep off every body stays awake.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BodyType, makeBox, RollbackState, World } from '../dist/index.js';
import { boxPileScene, bridgeScene, ragdollScene } from '../dist/scenes/index.js';
// internal, not the package's API: the counters of the paths saves and loads took
import { worldStateOf } from '../dist/world/world_state.js';

const DT = 1 / 60;

const scenes = {
  'pile, asleep': () => {
    const world = new World();
    return { world, bodies: boxPileScene(world, 60).length, warm: 900 };
  },
  'pile + 1 awake box': () => {
    const world = new World();
    const bodies = boxPileScene(world, 60).length;
    // a box beside the pile that never sleeps: the world is never at rest
    const box = world.createBody({ type: BodyType.Dynamic, position: { x: 30, y: 0.5 }, enableSleep: false });
    world.createPolygonShape(box, makeBox(0.5, 0.5));
    return { world, bodies: bodies + 1, warm: 900 };
  },
  'pile, 13 falling off': () => {
    const world = new World();
    return { world, bodies: boxPileScene(world, 20).length, warm: 900 };
  },
  'pile, awake (sleep off)': () => {
    const world = new World({ enableSleep: false });
    return { world, bodies: boxPileScene(world, 20).length, warm: 900 };
  },
  'ragdoll (10 bodies)': () => {
    const world = new World({ enableSleep: false });
    return { world, bodies: ragdollScene(world).bodyList.length, warm: 60 };
  },
  'bridge (160 planks)': () => {
    const world = new World({ enableSleep: false });
    return { world, bodies: bridgeScene(world).planks.length, warm: 60 };
  },
};

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

function measure(name, rounds) {
  const { world, bodies, warm } = scenes[name]();
  for (let i = 0; i < warm; i++) world.step(DT);
  const ring = Array.from({ length: 10 }, () => new RollbackState());
  const save = [];
  const load = [];
  const step = [];
  let f = 0;
  const frame = (timed) => {
    const t0 = performance.now();
    world.saveState(ring[f % 10]);
    const t1 = performance.now();
    world.step(DT);
    const t2 = performance.now();
    if (timed) {
      save.push(t1 - t0);
      step.push(t2 - t1);
    }
    f++;
  };
  for (let r = 0; r < rounds; r++) {
    const timed = r >= rounds / 5; // the first fifth warms the JIT up
    for (let i = 0; i < 10; i++) frame(timed);
    const back = f - 10;
    const t0 = performance.now();
    world.loadState(ring[back % 10]);
    if (timed) load.push(performance.now() - t0);
    f = back;
    for (let i = 0; i < 10; i++) frame(timed);
  }
  const us = (xs) => (median(xs) * 1000).toFixed(1).padStart(6);
  const bytes = (ring[0].byteLength / bodies).toFixed(0).padStart(4);
  const c = worldStateOf(world).rollback;
  const saves = c.patchedSaves + c.copiedSaves + c.fullSaves;
  const fast = (n, all) => `${Math.round((100 * n) / all)}%`.padStart(4);
  return (
    `${name.padEnd(24)} ${bytes} B/body, save ${us(save)} us, load ${us(load)} us, step ${us(step)} us, ` +
    `fast: ${fast(c.patchedSaves + c.copiedSaves, saves)} of saves, ${fast(c.skippedLoads, c.skippedLoads + c.fullLoads)} of loads`
  );
}

const [rounds = '500', only] = process.argv.slice(2);
if (only !== undefined) {
  console.log(measure(only, Number(rounds)));
} else {
  const self = fileURLToPath(import.meta.url);
  for (const name of Object.keys(scenes)) {
    process.stdout.write(execFileSync(process.execPath, [self, rounds, name], { encoding: 'utf8' }));
  }
}
