/**
 * The sensors' data: the sensor shapes and their current overlaps (the operations are in sensor.ts).
 */

import { growF64, replaceArraysOnce } from '../base/array.js';

export class SensorState {
  /** Sensor shape slots, ascending. */
  shapes = new Int32Array(16);
  count = 0;
  /** The current overlap set: sorted pair keys. */
  keys = new Float64Array(16);
  keyCount = 0;
  /** The set being built by the pass (swapped with `keys` at its end). */
  nextKeys = new Float64Array(16);
  nextKeyCount = 0;

  constructor() {
    replaceArraysOnce(this);
  }

  /** Makes room for `n` current keys (restore). */
  reserveKeys(n: number): void {
    if (n > this.keys.length) this.keys = growF64(this.keys, n);
  }
}
