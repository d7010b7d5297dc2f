/**
 * The output of the narrow phase for one pair of shapes.
 *
 * Conventions (every collide function follows them):
 * - `normalX/Y` is a world-frame unit vector pointing from shape A to shape B.
 * - A point's anchor (`ax/ay`) is the contact point in world orientation, relative to
 *   body A's ORIGIN (the transform's position `xfA.px/py`, not its center of mass). The
 *   point is the midpoint between the two surfaces.
 * - `sep` is the signed separation along the normal (negative when overlapping),
 *   measured between the surfaces including rounding radii.
 * - `id` is a feature key (small integer built from the two features that made the
 *   point) that is stable while the same features touch, so impulses carry over from
 *   step to step (warm starting).
 * - Points are reported up to SPECULATIVE_DISTANCE apart (speculative contacts);
 *   `pointCount = 0` means no contact.
 * The object is a scratch: collide functions overwrite every field they report.
 */
export class Manifold {
  normalX = 0;
  normalY = 0;
  pointCount = 0;
  ax0 = 0;
  ay0 = 0;
  sep0 = 0;
  id0 = 0;
  ax1 = 0;
  ay1 = 0;
  sep1 = 0;
  id1 = 0;

  clear(): void {
    this.pointCount = 0;
  }

  /**
   * Every field to 0: what a caller that copies a field the collide function did not report
   * (the second point of a one-point manifold) then copies depends on this pair alone, not
   * on the pair this scratch served before (world/narrow_phase.ts: any thread, any order).
   */
  reset(): void {
    this.normalX = 0;
    this.normalY = 0;
    this.pointCount = 0;
    this.ax0 = 0;
    this.ay0 = 0;
    this.sep0 = 0;
    this.id0 = 0;
    this.ax1 = 0;
    this.ay1 = 0;
    this.sep1 = 0;
    this.id1 = 0;
  }
}

/** Builds a feature key from the index of the feature on A and on B and their kinds. */
export function makeFeatureId(a: number, b: number): number {
  return ((a & 0xff) << 8) | (b & 0xff);
}
