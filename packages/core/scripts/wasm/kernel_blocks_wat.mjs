/**
 * The blocks module: the kernel's stages that are the same with and without f64x2, the
 * colouring (kernel_colour_wat.mjs) and the bodies' finish (kernel_finish_wat.mjs), as a
 * module of their own instantiated on the contact kernel's memory beside it, as the collide
 * module is, so that its bytes are not carried twice (the f64x2 and the scalar kernel).
 * `setBlocksLayout` takes what the sweeps' module holds in its globals: the byte offsets of
 * the body state, the constraints' meta and the parameter record.
 */

import { colourWat } from './kernel_colour_wat.mjs';
import { finishWat } from './kernel_finish_wat.mjs';

export function blocksModuleWat() {
  return `(module
  (import "env" "memory" (memory 1))
  (global $st (mut i32) (i32.const 0))
  (global $km (mut i32) (i32.const 0))
  (global $kp (mut i32) (i32.const 0))
  (func (export "setBlocksLayout") (param i32 i32 i32)
    (global.set $st (local.get 0)) (global.set $km (local.get 1)) (global.set $kp (local.get 2)))
  ${colourWat()}
  ${finishWat()})`;
}
