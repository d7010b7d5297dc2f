import { World } from '../src/index';
import { pyramidScene } from '../src/scenes/index';
import { solveContacts, warmStartContacts, prepareContacts } from '../src/contact_solver';
const world = new World({ contactHertz: 30, subSteps: 4 });
pyramidScene(world, 100);
for (let i = 0; i < 60; i++) world.step(1 / 60);
const w = (world as any).core;
const k = w.constraints;
const state = w.bodies.state;
const N = 200;
for (let r = 0; r < 3; r++) {
  let t = performance.now();
  for (let i = 0; i < N; i++) solveContacts(k, state, 240, (i & 1) === 0, 3);
  const ts = (performance.now() - t) / N;
  t = performance.now();
  for (let i = 0; i < N; i++) warmStartContacts(k, state);
  const tw = (performance.now() - t) / N;
  t = performance.now();
  for (let i = 0; i < N; i++) prepareContacts(w, 1 / 240);
  const tp = (performance.now() - t) / N;
  console.log(`solve ${ts.toFixed(3)} warm ${tw.toFixed(3)} prepare ${tp.toFixed(3)} ms  count ${k.count}`);
}
{
  const d: Float64Array = k.data;
  const n = k.count * 34;
  let s = 0;
  const t = performance.now();
  for (let r = 0; r < N; r++) for (let i = 0; i < n; i++) s += d[i]!;
  console.log('sum read', ((performance.now() - t) / N).toFixed(3), s > 0);
  const meta: Int32Array = k.meta;
  let miss = 0;
  let prevA = -1;
  for (let i = 0; i < k.count; i++) {
    const a = meta[i * 4]!;
    if (Math.abs(a - prevA) > 64) miss++;
    prevA = a;
  }
  console.log('body jumps', miss, 'of', k.count, 'first', Array.from(meta.subarray(0, 40)).join(','));
}
