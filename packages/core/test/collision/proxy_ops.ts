/**
 * The operations on proxies that the dynamic tree's and the broad phase's property tests
 * draw at random: each picks a live proxy by `pick` (modulo the live count, in the test).
 */
import fc from 'fast-check';

/** Moves a picked proxy to a box at (x, y) of half-sizes (w, h). */
export function moveOp(
  coord: fc.Arbitrary<number>,
  size: fc.Arbitrary<number>,
): fc.Arbitrary<{ kind: 'move'; pick: number; x: number; y: number; w: number; h: number }> {
  return fc
    .record({ pick: fc.nat(), x: coord, y: coord, w: size, h: size })
    .map((r) => ({ kind: 'move' as const, ...r }));
}

/** Enlarges a picked proxy by `grow` m: 0 to max / divisor, in steps of 1 / divisor. */
export function enlargeOp(
  max: number,
  divisor: number,
): fc.Arbitrary<{ kind: 'enlarge'; pick: number; grow: number }> {
  return fc
    .record({ pick: fc.nat(), grow: fc.integer({ min: 0, max }).map((v) => v / divisor) })
    .map((r) => ({ kind: 'enlarge' as const, ...r }));
}

/** An operation of kind `kind` on a picked proxy and nothing else (destroy, buffer). */
export function pickOp<K extends string>(kind: K): fc.Arbitrary<{ kind: K; pick: number }> {
  return fc.nat().map((pick) => ({ kind, pick }));
}
