/**
 * `pnpm --filter @impulse/worker bench:latency [rounds]`: what moving data between two
 * threads costs on this machine, the figure that sets how well a step scales here
 * (docs/parallel-step.md, "Cross-core traffic"):
 *
 * - the round trip of one shared word between the calling thread and a worker thread, both
 *   spinning (each direction moves the word's cache line from one core to the other);
 * - reading, line by line, 1 MiB of shared memory that the other thread has just written,
 *   against reading it again once it is in this core's cache.
 *
 * Medians of `rounds` (default 5). On a desktop processor the round trip is of the order of
 * 100 ns; where it is several times that, every line a stage reads that another thread
 * wrote last costs as much, and blocks run slower on two threads than on one.
 */
import { Worker } from 'node:worker_threads';

const TRIPS = 20_000;
const LINE_DOUBLES = 8;
const DOUBLES = 131_072;

interface Setup {
  readonly words: SharedArrayBuffer;
  readonly data: SharedArrayBuffer;
}

/**
 * The other thread (plain JavaScript, so that it runs without a loader): echoes word 0 into
 * word 16 and, when asked (word 48), writes every double of the data and says so (word 64).
 */
const ECHO = `
const { workerData } = require('node:worker_threads');
const w32 = new Int32Array(workerData.words);
const data = new Float64Array(workerData.data);
Atomics.store(w32, 32, 1);
let seen = 0;
for (;;) {
  const ping = Atomics.load(w32, 0);
  if (ping === -1) break;
  if (ping !== seen) { seen = ping; Atomics.store(w32, 16, ping); }
  const fill = Atomics.load(w32, 48);
  if (fill !== Atomics.load(w32, 64)) {
    for (let i = 0; i < data.length; i++) data[i] = fill + i;
    Atomics.store(w32, 64, fill);
  }
}
`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Sums one double a line: a read of every line of `a`. */
function readLines(a: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i += LINE_DOUBLES) s += a[i]!;
  return s;
}

{
  const rounds = Number(process.argv[2] ?? 5);
  const setup: Setup = {
    words: new SharedArrayBuffer(4 * 80),
    data: new SharedArrayBuffer(8 * DOUBLES),
  };
  // word 0: ping, 16 (another line): pong, 32: ready, 48: fill request, 64: filled
  const w32 = new Int32Array(setup.words);
  const data = new Float64Array(setup.data);
  const worker = new Worker(ECHO, { eval: true, workerData: setup });
  // the loops below spin on the worker's words: a worker that failed must end the run
  worker.on('error', (e) => {
    console.error(e);
    process.exit(1);
  });
  // waited for on the event loop: a worker's start needs it (tsx's loader thread, stdio)
  while (Atomics.load(w32, 32) === 0) await new Promise((r) => setTimeout(r, 2));
  const trips: number[] = [];
  const remote: number[] = [];
  const local: number[] = [];
  let seq = 0;
  let sink = 0;
  for (let r = 0; r < rounds + 1; r++) {
    const t0 = performance.now();
    for (let i = 0; i < TRIPS; i++) {
      Atomics.store(w32, 0, ++seq);
      while (Atomics.load(w32, 16) !== seq) {}
    }
    const trip = ((performance.now() - t0) * 1e6) / TRIPS;
    Atomics.store(w32, 48, r + 1);
    while (Atomics.load(w32, 64) !== r + 1) {}
    const t1 = performance.now();
    sink += readLines(data);
    const t2 = performance.now();
    sink += readLines(data);
    const t3 = performance.now();
    // the first round warms the code up
    if (r === 0) continue;
    trips.push(trip);
    remote.push(((t2 - t1) * 1e6) / (DOUBLES / LINE_DOUBLES));
    local.push(((t3 - t2) * 1e6) / (DOUBLES / LINE_DOUBLES));
  }
  Atomics.store(w32, 0, -1);
  await worker.terminate();
  console.log(`cross-thread round trip of one word: ${median(trips).toFixed(0)} ns (median of ${rounds})`);
  console.log(
    `reading 1 MiB by lines: written by the other thread ${median(remote).toFixed(1)} ns a line, again from this core ${median(local).toFixed(1)} ns a line${sink === -1 ? '' : ''}`,
  );
}
