// What a rollback state costs, on the built package (tsx runs the sources 2-3x slower):
//
//   pnpm --filter @impulse/core build && node packages/core/examples/rollback_cost.mjs [rounds]
//
// Each scene runs in a fresh Node process (a function V8 optimised for one scene would
// otherwise be measured deoptimised on the next). A rollback loop as a game runs it: every
// frame saves into a ring of 10 reused states and steps; every 10 frames it loads the state
// 10 frames back and re-simulates them. Reported: the state's bytes per body and the median
// microseconds of one saveState, one loadState and one step. The pile is the settled
// 200-box pile of test/world/rollback_state.test.ts, after 900 steps: asleep (sleep on: a
// step then has almost nothing to do) and awake (sleep off).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BodyType, makeBox, RollbackState, World } from '../dist/index.js';
import { addGround, bridgeScene, ragdollScene, SceneRandom } from '../dist/scenes/index.js';

const DT = 1 / 60;

function boxPile(world) {
  addGround(world, 20);
  const rng = new SceneRandom(7);
  for (let i = 0; i < 200; i++) {
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: -5 + (i % 10) * 1.1 + rng.range(0, 0.2), y: 0.6 + Math.floor(i / 10) * 1.1 },
      angle: rng.range(-0.2, 0.2),
    });
    world.createPolygonShape(body, makeBox(0.5, 0.5));
  }
  return 200;
}

const scenes = {
  'pile, asleep (sleep on)': () => {
    const world = new World();
    return { world, bodies: boxPile(world), warm: 900 };
  },
  'pile, awake (sleep off)': () => {
    const world = new World({ enableSleep: false });
    return { world, bodies: boxPile(world), warm: 900 };
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
  return `${name.padEnd(24)} ${bytes} B/body, save ${us(save)} us, load ${us(load)} us, step ${us(step)} us`;
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
