/**
 * A rollback state: the buffers a save fills and a load reads, which the caller owns and
 * keeps (a ring of them, for rollback netcode). What a state holds, how it is coded and
 * the fast path are told in world/rollback.ts. This module names no world, so the world's
 * state can hold the last one saved (world/world_state.ts RollbackCache).
 */

import { growF64, growU8 } from '../base/array.js';

/**
 * Bytes a state keeps past its end, for the coding's whole-double reads (getXor in
 * rollback_coding.ts). Stated with the container, so that holding a state (the contract
 * exports it) does not bring the coding along.
 */
export const CODED_SLACK = 8;

/** A reusable buffer for `World.saveState` / `World.loadState`. */
export class RollbackState {
  #f: Float64Array<ArrayBuffer> = new Float64Array(256);
  #b: Uint8Array<ArrayBuffer> = new Uint8Array(1024);
  /** @internal */
  fCount = 0;
  /** @internal */
  bCount = 0;
  /**
   * @internal The world stamp its bytes were saved at (0: none; see "The fast path"). Kept
   * only while the bytes are the save's: copyFrom copies it, and giving the state other
   * arrays (a state received from another thread) clears it.
   */
  stamp = 0;
  /**
   * @internal The step counter it holds (its first double), for a load at its stamp: read
   * from the doubles, code V8 has not optimised yet (a load every few frames stays there
   * long) boxes it, 16 bytes a load. Valid while the stamp is.
   */
  stampStepCount = 0;

  /** @internal doubles (the step counter first) */
  get f(): Float64Array<ArrayBuffer> {
    return this.#f;
  }

  set f(f: Float64Array<ArrayBuffer>) {
    this.#f = f;
    this.stamp = 0;
  }

  /** @internal bytes: header, flags, integers */
  get b(): Uint8Array<ArrayBuffer> {
    return this.#b;
  }

  set b(b: Uint8Array<ArrayBuffer>) {
    this.#b = b;
    this.stamp = 0;
  }

  /** Bytes the state holds (its doubles and its bytes). */
  get byteLength(): number {
    return this.fCount * 8 + this.bCount;
  }

  /** Step counter of the world when the state was saved; -1 when empty. */
  get stepCount(): number {
    return this.bCount === 0 ? -1 : this.#f[0]!;
  }

  /** Copies another state into this one (reusing this one's arrays). */
  copyFrom(other: RollbackState): this {
    if (other === this) return this;
    this.f = growF64(this.f, other.fCount);
    this.b = growU8(this.b, other.bCount + CODED_SLACK);
    this.f.set(other.f.subarray(0, other.fCount));
    this.b.set(other.b.subarray(0, other.bCount));
    this.fCount = other.fCount;
    this.bCount = other.bCount;
    this.stamp = other.stamp;
    this.stampStepCount = other.stampStepCount;
    return this;
  }
}
