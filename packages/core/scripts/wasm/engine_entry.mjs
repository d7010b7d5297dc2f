/**
 * The probe in another engine (engines.mjs bundles this with the kernel's bytes as
 * KERNEL_BASE64): the bit check on the tumbler, the world's hash, and the sweep timing.
 * `print` is the shell's (gjs, jsc), console.log under Node.
 */
import { World } from '../../src/index.ts';
import { tumblerScene } from '../../src/scenes/index.ts';
import { GRAPH_COLOUR_COUNT } from '../../src/dynamics/constraint_graph_store.ts';
import { worldStateOf } from '../../src/world/world_access.ts';
import { runSolverBlock, SolverStage } from '../../src/world/solver_stages.ts';
import { ContactKernel } from './contact_kernel.mjs';
import { checkSteps } from './sweep_check.mjs';
import { captureSweeps, timeSweeps, timingLines } from './sweep_timing.mjs';

const out = typeof print === 'function' ? print : console.log;
const core = { worldStateOf, runSolverBlock, SolverStage, GRAPH_COLOUR_COUNT };
/** Base64 to bytes (gjs has no atob). */
function decodeBase64(text) {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const clean = text.replace(/=+$/, '');
  const bytes = new Uint8Array((clean.length * 3) >> 2);
  let bits = 0;
  let value = 0;
  let at = 0;
  for (let i = 0; i < clean.length; i++) {
    value = (value << 6) | digits.indexOf(clean[i]);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 255;
    }
  }
  return bytes;
}
const bytes = decodeBase64(KERNEL_BASE64);
const scalar = ContactKernel.fromBytes(bytes);
const simd = ContactKernel.fromBytes(bytes);

const world = new World({ enableSleep: false });
tumblerScene(world, 45);
for (let i = 0; i < 150; i++) world.step(1 / 60);
const check = checkSteps(
  core,
  world,
  [
    ['wasm', scalar, false],
    ['simd', simd, true],
  ],
  3,
);
out(
  `bit check, tumbler steps 151-153: ${check.blocks} blocks: ${check.mismatches.length === 0 ? 'all bits equal' : `MISMATCH ${check.mismatches.join('; ')}`}; hash ${world.stateHash()}`,
);
const captured = captureSweeps(core, worldStateOf(world), scalar, simd);
const now = typeof performance === 'object' ? () => performance.now() : () => Date.now();
for (const line of timingLines(timeSweeps(captured, REPS, ROUNDS, now), REPS, ROUNDS)) out(line);
