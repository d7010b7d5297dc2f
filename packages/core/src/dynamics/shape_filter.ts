/**
 * The collision filter rule shared by contacts, sensors, continuous collision and queries:
 * pure functions of the filter fields, below every module that applies them.
 */

import type { ShapeStore } from './shape_store.js';

/**
 * Categories a shape's pair search must visit: its mask, unless a positive group (which
 * collides whatever the masks say) may pair it with anything.
 */
export function pairSearchMask(maskBits: number, groupIndex: number): number {
  return groupIndex > 0 ? 0xffffffff : maskBits;
}

export function shouldShapesCollide(
  catA: number,
  maskA: number,
  groupA: number,
  catB: number,
  maskB: number,
  groupB: number,
): boolean {
  if (groupA === groupB && groupA !== 0) return groupA > 0;
  return (catA & maskB) !== 0 && (catB & maskA) !== 0;
}

/** Whether the filters of shapes `a` and `b` (slots of `shapes`) let the two collide. */
export function shapeFiltersAllow(
  shapes: Pick<ShapeStore, 'categoryBits' | 'maskBits' | 'groupIndex'>,
  a: number,
  b: number,
): boolean {
  return shouldShapesCollide(
    shapes.categoryBits[a]!,
    shapes.maskBits[a]!,
    shapes.groupIndex[a]!,
    shapes.categoryBits[b]!,
    shapes.maskBits[b]!,
    shapes.groupIndex[b]!,
  );
}
