/**
 * Filter joint: no constraint at all. It only stops its two bodies from colliding with
 * each other (its collideConnected is always false), more specific than shape filters.
 * Like any joint it links the two bodies into one island, so they sleep and wake
 * together. It has no solver rows: the joint stage skips it (its reaction is zero) and
 * it has no parameters and no state.
 */

import type { JointData } from './joint_store.js';
import { fail } from '../base/validate.js';

export class FilterJointData implements JointData {
  resetImpulses(): void {
    // no impulses
  }
}

/** The filter joint's collideConnected must be false (absent is fine). */
export function checkFilterJointDef(fn: string, def: { collideConnected?: unknown }): void {
  if (
    typeof def === 'object' &&
    def !== null &&
    def.collideConnected !== undefined &&
    def.collideConnected !== false
  ) {
    fail(
      fn,
      'collideConnected',
      'false (a filter joint exists to stop its bodies colliding)',
      def.collideConnected,
    );
  }
}
