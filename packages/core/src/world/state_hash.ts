/**
 * The state hash: `World.stateHash`, a 32-bit digest of every body's transform and
 * velocity, for determinism checks (cheap, and kept with the world: hosts answer it at once).
 */
import { STATE_STRIDE, VX, VY, W } from '../dynamics/body.js';
import type { WorldState } from './world_state.js';

const hashView = new Float64Array(1);
const hashWords = new Uint32Array(hashView.buffer);

/** FNV-1a over the transform and velocity of every live body, in slot order. */
export function stateHash(w: WorldState): number {
  const bodies = w.bodies;
  let h = 0x811c9dc5;
  const mix = (v: number): void => {
    hashView[0] = v;
    for (let k = 0; k < 2; k++) {
      const word = hashWords[k]!;
      for (let byte = 0; byte < 4; byte++) {
        h ^= (word >>> (byte * 8)) & 0xff;
        h = Math.imul(h, 0x01000193);
      }
    }
  };
  for (let b = 0; b < bodies.pool.next; b++) {
    if (bodies.pool.alive[b] !== 1) continue;
    const o = b * STATE_STRIDE;
    mix(bodies.px[b]!);
    mix(bodies.py[b]!);
    mix(bodies.c[b]!);
    mix(bodies.s[b]!);
    mix(bodies.state[o + VX]!);
    mix(bodies.state[o + VY]!);
    mix(bodies.state[o + W]!);
  }
  return h >>> 0;
}
