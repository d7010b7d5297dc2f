/**
 * The sanity figures: engine-neutral checks, computed from the transforms an adapter
 * reads back, that show the engine really simulated the scene.
 *   pyramids   boxes that moved more than 0.5 m from their start, those of them that
 *              moved more than 0.5 m sideways (a collapse, where the first figure also
 *              counts the sag of soft contacts), and the apex sink
 *   joint grid the largest gap between the two anchors of a joint
 *   tumbler    boxes that left the tumbler (their center beyond its inner walls)
 *   rain, smash, spinner  bodies whose center left the scene's region (fell off the shelves,
 *              flung away, out of the spinner's loop), NaN included
 */

import type { BuiltScene } from './engine';
import { trackedCount } from './engine';
import type { SceneDesc } from './scenes';

export type Sanity =
  | { kind: 'pyramids'; boxes: number; moved: number; slid: number; apexSink: number }
  | { kind: 'jointGrid'; joints: number; maxGap: number }
  | { kind: 'tumbler'; boxes: number; escaped: number }
  | { kind: 'region'; bodies: number; escaped: number };

/** Distance a box may move before it counts as displaced (m). */
export const MOVED_LIMIT = 0.5;

export function computeSanity(desc: SceneDesc, scene: BuiltScene): Sanity {
  const n = trackedCount(desc);
  const t = new Float64Array(3 * n);
  scene.readTransforms(t);
  switch (desc.kind) {
    case 'boxes': {
      let moved = 0;
      let slid = 0;
      for (let i = 0; i < n; i++) {
        const dx = t[3 * i]! - desc.boxes[2 * i]!;
        const dy = t[3 * i + 1]! - desc.boxes[2 * i + 1]!;
        if (!(dx * dx + dy * dy <= MOVED_LIMIT * MOVED_LIMIT)) moved++; // NaN counts as moved
        if (!(Math.abs(dx) <= MOVED_LIMIT)) slid++;
      }
      let apexSink = 0;
      for (const a of desc.apexes) {
        const sink = desc.boxes[2 * a + 1]! - t[3 * a + 1]!;
        if (!(sink <= apexSink)) apexSink = sink;
      }
      return { kind: 'pyramids', boxes: n, moved, slid, apexSink };
    }
    case 'jointGrid': {
      let maxGap = 0;
      const j = desc.joints;
      for (let k = 0; k < j.length; k += 6) {
        const a = 3 * j[k]!;
        const b = 3 * j[k + 1]!;
        const ca = Math.cos(t[a + 2]!);
        const sa = Math.sin(t[a + 2]!);
        const cb = Math.cos(t[b + 2]!);
        const sb = Math.sin(t[b + 2]!);
        const ax = t[a]! + ca * j[k + 2]! - sa * j[k + 3]!;
        const ay = t[a + 1]! + sa * j[k + 2]! + ca * j[k + 3]!;
        const bx = t[b]! + cb * j[k + 4]! - sb * j[k + 5]!;
        const by = t[b + 1]! + sb * j[k + 4]! + cb * j[k + 5]!;
        const gap = Math.hypot(bx - ax, by - ay);
        if (!(gap <= maxGap)) maxGap = gap;
      }
      return { kind: 'jointGrid', joints: j.length / 6, maxGap };
    }
    case 'tumbler': {
      const tt = new Float64Array(3);
      scene.readTumbler!(tt);
      const c = Math.cos(tt[2]!);
      const s = Math.sin(tt[2]!);
      let escaped = 0;
      for (let i = 0; i < n; i++) {
        const dx = t[3 * i]! - tt[0]!;
        const dy = t[3 * i + 1]! - tt[1]!;
        // into the tumbler's frame
        const lx = c * dx + s * dy;
        const ly = -s * dx + c * dy;
        if (!(Math.abs(lx) <= desc.innerHalf && Math.abs(ly) <= desc.innerHalf)) escaped++;
      }
      return { kind: 'tumbler', boxes: n, escaped };
    }
    case 'bodies': {
      const r = desc.region;
      let escaped = 0;
      for (let i = 0; i < n; i++) {
        const x = t[3 * i]!;
        const y = t[3 * i + 1]!;
        const inside =
          r.type === 'box'
            ? x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY
            : Math.hypot(x - r.cx, y - r.cy) <= r.radius;
        if (!inside) escaped++;
      }
      return { kind: 'region', bodies: n, escaped };
    }
  }
}

/** Joint gaps from this size up mean a torn grid: the bodies are 1 m apart. */
export const TORN_GAP = 1;

/**
 * Whether the figure looks like a working simulation: at most 1% of the boxes slid
 * sideways by more than 0.5 m and the apex sank by less than a meter (soft contacts sag:
 * Impulse's apex sinks about 0.7 m at base 100, see docs/core-design.md); no joint stretched
 * by the 1 m spacing of the grid or more; no box escaped.
 */
export function sanityOk(s: Sanity): boolean {
  switch (s.kind) {
    case 'pyramids':
      return s.slid <= 0.01 * s.boxes && s.apexSink < 1 && s.apexSink > -0.1;
    case 'jointGrid':
      return s.maxGap < TORN_GAP;
    case 'tumbler':
    case 'region':
      return s.escaped === 0;
  }
}

export function formatSanity(s: Sanity): string {
  switch (s.kind) {
    case 'pyramids':
      return `${s.moved}/${s.boxes} moved >${MOVED_LIMIT} m (${s.slid} sideways), apex sink ${formatLength(s.apexSink)}`;
    case 'jointGrid':
      return `max joint gap ${formatLength(s.maxGap)}`;
    case 'tumbler':
      return `${s.escaped}/${s.boxes} escaped`;
    case 'region':
      return `${s.escaped}/${s.bodies} escaped`;
  }
}

function formatLength(m: number): string {
  if (!Number.isFinite(m)) return String(m);
  if (Math.abs(m) >= 0.1) return `${m.toFixed(2)} m`;
  return `${(m * 1000).toFixed(1)} mm`;
}

/** Largest distance between an adapter's built bodies and the description (m). */
export function buildMismatch(desc: SceneDesc, scene: BuiltScene): number {
  const n = trackedCount(desc);
  const t = new Float64Array(3 * n);
  scene.readTransforms(t);
  const p = desc.kind === 'jointGrid' ? desc.positions : desc.kind === 'bodies' ? desc.tracked : desc.boxes;
  let worst = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.hypot(t[3 * i]! - p[2 * i]!, t[3 * i + 1]! - p[2 * i + 1]!) + Math.abs(t[3 * i + 2]!);
    if (!(d <= worst)) worst = d;
  }
  return worst;
}
