/**
 * `pnpm bench:worker`: what the worker costs and saves, on the 5,050-box pyramid (base
 * 100), for the shared-memory path and the transferred-frame fallback:
 *
 * - main-thread time to read every body's interpolated transform (one call per frame);
 * - the worker's step time against the same step inline in this thread;
 * - latency from a command to its visible effect, in published steps and ms;
 * - messages per second in steady state.
 *
 * Run after `pnpm build`: the worker thread loads the built `@impulse/worker`, and this
 * script imports the same builds (one copy of the core on each side).
 */
import { Worker } from 'node:worker_threads';
import { BodyRecord, BodyType, World } from '@impulse/core';
import { pyramidScene } from '@impulse/core/scenes';
import { createNodePhysicsWorker, nodeWorkerScript, type PhysicsClient } from '@impulse/worker/node';
import { median, quantile } from './stats';

const BASE = 100;
const BOXES = (BASE * (BASE + 1)) / 2;
const DT = 1 / 60;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the worker has published a step with every body created so far. */
async function settled(physics: PhysicsClient, bodies: number): Promise<void> {
  await physics.flush();
  while (physics.getStats().bodyCount < bodies) await sleep(20);
  await sleep(500); // a few more steps: past the first steps' contact creation
}

interface Counted {
  physics: PhysicsClient;
  messages: { toWorker: number; fromWorker: number };
}

function start(transport: 'shared' | 'transfer', stepping: 'realtime' | 'manual'): Counted {
  const messages = { toWorker: 0, fromWorker: 0 };
  const physics = createNodePhysicsWorker({
    transport,
    stepping,
    worker: () => {
      const worker = new Worker(nodeWorkerScript());
      const post = worker.postMessage.bind(worker);
      worker.postMessage = (value: unknown, transfer?: never) => {
        messages.toWorker++;
        post(value, transfer);
      };
      worker.on('message', () => messages.fromWorker++);
      return worker;
    },
  });
  return { physics, messages };
}

function us(ms: number): string {
  return `${(ms * 1000).toFixed(1)} µs`;
}

/** Main-thread cost of one interpolated read of every body, while the worker steps in realtime. */
async function readCost(transport: 'shared' | 'transfer') {
  const { physics, messages } = start(transport, 'realtime');
  pyramidScene(physics as unknown as World, BASE);
  await settled(physics, BOXES + 1);
  const out = new Float64Array(physics.getBodySlotCount() * BodyRecord.Size);
  const times = new Float64Array(2000);
  for (let i = 0; i < times.length; i++) {
    const t = performance.now();
    physics.readInterpolatedBodyTransforms(out);
    times[i] = performance.now() - t;
    if (i % 20 === 0) await sleep(1); // like frames: the worker keeps publishing meanwhile
  }
  // Messages per second in steady state.
  const m0 = { ...messages };
  const t0 = performance.now();
  await sleep(2000);
  const seconds = (performance.now() - t0) / 1000;
  const perSecond = (messages.toWorker - m0.toWorker + messages.fromWorker - m0.fromWorker) / seconds;
  const stats = physics.getStats();
  physics.dispose();
  return { median: median(times), p95: quantile(times, 0.95), perSecond, bodies: stats.bodyCount };
}

/**
 * Step time in the worker against the same step inline, the two worlds stepped in
 * alternating blocks of 25 steps so both see the same phases of a noisy host.
 */
async function stepCost() {
  const { physics } = start('shared', 'manual');
  pyramidScene(physics as unknown as World, BASE);
  const world = new World();
  pyramidScene(world, BASE);
  const steps = 300;
  const worker = new Float64Array(steps);
  const roundTrip = new Float64Array(steps);
  const inline = new Float64Array(steps);
  for (let block = 0; block < steps; block += 25) {
    for (let i = block; i < block + 25; i++) {
      const t = performance.now();
      await physics.step(1);
      roundTrip[i] = performance.now() - t;
      worker[i] = physics.getStats().stepMs;
    }
    for (let i = block; i < block + 25; i++) {
      const t = performance.now();
      world.step(DT);
      inline[i] = performance.now() - t;
    }
  }
  const hash = await physics.stateHash();
  physics.dispose();
  return {
    worker: median(worker),
    inline: median(inline),
    roundTrip: median(roundTrip),
    sameHash: hash === world.stateHash(),
  };
}

/** Frames and ms from a command to the first published step that shows it. */
async function latency(transport: 'shared' | 'transfer') {
  const { physics } = start(transport, 'realtime');
  pyramidScene(physics as unknown as World, BASE);
  const probe = physics.createBody({ type: BodyType.Kinematic, position: { x: -500, y: 50 } });
  await settled(physics, BOXES + 2);
  const frames: number[] = [];
  const ms: number[] = [];
  for (let i = 0; i < 40; i++) {
    const x = -500 + (i + 1);
    const frame0 = physics.getFrameNumber();
    const t0 = performance.now();
    physics.setBodyTransform(probe, { x, y: 50 }, 0);
    for (;;) {
      await sleep(0);
      if (physics.getBodyPosition(probe).x === x) break;
    }
    ms.push(performance.now() - t0);
    frames.push(physics.getFrameNumber() - frame0);
    await sleep(7);
  }
  physics.dispose();
  return { frames: median(frames), maxFrames: Math.max(...frames), ms: median(ms) };
}

async function main() {
  console.log(`Impulse worker bench: pyramid base ${BASE} (${BOXES} boxes)\n`);
  const step = await stepCost();
  console.log(
    `step      worker ${step.worker.toFixed(2)} ms, inline ${step.inline.toFixed(2)} ms (worker/inline ${(step.worker / step.inline).toFixed(3)}×), step(1) round trip ${step.roundTrip.toFixed(2)} ms, same hash: ${step.sameHash}`,
  );
  for (const transport of ['shared', 'transfer'] as const) {
    const read = await readCost(transport);
    const lat = await latency(transport);
    console.log(
      `${transport.padEnd(9)} read ${read.bodies} interpolated transforms: median ${us(read.median)}, p95 ${us(read.p95)} ` +
        `(${((read.median * 1e6) / read.bodies).toFixed(1)} ns/body); messages/s in steady state ${read.perSecond.toFixed(1)}; ` +
        `command → visible: median ${lat.frames} published steps (max ${lat.maxFrames}), ${lat.ms.toFixed(1)} ms`,
    );
  }
}

await main();
