/**
 * The elements whose transforms follow bodies. The frame loop hands this list each
 * frame's body records; every registered element whose body moved gets its transform
 * written straight to the DOM (no React render).
 *
 * - HTML elements stay where the page's layout put them: the transform is the offset from
 *   the center of their untransformed layout box (in page pixels) to the body's screen
 *   position, then the body's rotation about that center. The box is measured at
 *   registration and again, all elements at once at the next frame, when the layout may
 *   have moved them (a sibling added, removed or reordered, a parent or the window resized:
 *   see layout_watch.ts) or when asked (`remeasure`, `usePhysics().remeasure()`).
 * - SVG elements get a `transform` attribute in their own user units. A body with declared
 *   shapes moves the element's user origin (draw the shape centered on (0, 0)); a body
 *   measured from the element moves it from the center of its bounding box.
 *
 * - Any other object with a `position` ({x, y}) and a `rotation` (a number, or {z}) — a Pixi
 *   `Container`, a three.js `Object3D` — gets its fields set in the `<Physics>` mapping's
 *   units (Pixi: `scale` pixels per meter, y down; three.js: `scale={1} flipY={false}`
 *   keeps meters, y up, and the angle in `rotation.z`).
 *
 * Entries are objects made at registration and kept in one array, so a frame allocates
 * nothing but the transform strings of the elements that moved (the DOM takes strings).
 */
import { BodyRecord } from '@impulse/core/contract';
import { LayoutWatch } from './layout_watch.js';
import { type ScreenMapping, worldToScreenAngle, worldToScreenX, worldToScreenY } from './screen.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Changes smaller than these are not written (a hundredth of a pixel, ~0.006 degrees). */
const PIXEL_EPSILON = 0.01;
const ANGLE_EPSILON = 1e-4;

/**
 * A scene-graph object a body moves: a Pixi `Container`, a three.js `Object3D`, or any object
 * with these fields. The frame loop writes `position.x`, `position.y` and the rotation.
 */
export interface ObjectTarget {
  position: { x: number; y: number };
  /** Radians: a number (Pixi), or an Euler whose `z` turns in the plane (three.js). */
  rotation: number | { z: number };
}

/** What a body's ref may be attached to. */
export type TransformTarget = Element | ObjectTarget;

/** True for DOM elements (HTML or SVG), false for scene-graph objects. */
export function isElement(target: TransformTarget): target is Element {
  return (target as Partial<Node>).nodeType === 1;
}

export interface ElementTarget {
  readonly element: TransformTarget;
  readonly bodyId: number;
  readonly slot: number;
  readonly svg: boolean;
  /** A scene-graph object (not a DOM element). */
  readonly object: boolean;
  /** Where the element is when untransformed: HTML, its layout box center (page px); SVG, its bbox center or 0. */
  baseX: number;
  baseY: number;
  /** The parent whose children and size are watched (HTML elements only). */
  readonly parent: Element | null;
  /** Last written screen pose (NaN: never written). */
  lastX: number;
  lastY: number;
  lastAngle: number;
  /** @internal Position in the list (swap-remove). */
  index: number;
}

export function isSvgElement(element: Element): boolean {
  return element.namespaceURI === SVG_NS;
}

/**
 * The page-pixel center of an HTML element's layout box, without our own transform (it is
 * cleared before measuring, so re-measuring after a recreate does not drift).
 */
export function measureLayoutBox(element: Element): { x: number; y: number; width: number; height: number } {
  if (isSvgElement(element)) {
    const bbox = (element as Partial<SVGGraphicsElement>).getBBox?.();
    if (bbox) return { x: bbox.x + bbox.width / 2, y: bbox.y + bbox.height / 2, ...size(bbox) };
    return { x: 0, y: 0, width: 0, height: 0 };
  }
  const style = (element as Partial<HTMLElement>).style;
  if (style) style.transform = '';
  return readLayoutBox(element);
}

/** The page-pixel box of an HTML element as it is now (its transform, if any, included). */
function readLayoutBox(element: Element): { x: number; y: number; width: number; height: number } {
  const rect = element.getBoundingClientRect();
  const view = element.ownerDocument.defaultView;
  const scrollX = view?.scrollX ?? 0;
  const scrollY = view?.scrollY ?? 0;
  return {
    x: rect.left + scrollX + rect.width / 2,
    y: rect.top + scrollY + rect.height / 2,
    ...size(rect),
  };
}

function size(r: { width: number; height: number }) {
  return { width: r.width, height: r.height };
}

export class ElementTargets {
  private readonly list: ElementTarget[] = [];
  /** The layout may have moved the HTML elements: re-measure them before the next write. */
  stale = false;
  /** Called when the targets become stale (the frame loop makes its next frame do work). */
  onStale: (() => void) | null = null;
  private readonly watch = new LayoutWatch(() => this.markStale());
  /** Layout boxes read by `remeasure` (tests check that a still page reads none). */
  measureCount = 0;

  get size(): number {
    return this.list.length;
  }

  /** Registers `element` to follow body `bodyId` (at record `slot`). */
  add(element: TransformTarget, bodyId: number, slot: number, baseX: number, baseY: number): ElementTarget {
    const object = !isElement(element);
    const svg = !object && isSvgElement(element);
    const parent = object || svg ? null : (element as Element).parentElement;
    const target: ElementTarget = {
      element,
      bodyId,
      slot,
      svg,
      object,
      baseX,
      baseY,
      parent,
      lastX: Number.NaN,
      lastY: Number.NaN,
      lastAngle: Number.NaN,
      index: this.list.length,
    };
    this.list.push(target);
    if (parent !== null) this.watch.watch(parent);
    return target;
  }

  remove(target: ElementTarget): void {
    const list = this.list;
    const i = target.index;
    if (list[i] !== target) return;
    const last = list.pop()!;
    if (last !== target) {
      list[i] = last;
      last.index = i;
    }
    target.index = -1;
    if (target.parent !== null) this.watch.unwatch(target.parent);
  }

  /** The `<svg>` the bodies are drawn in, if they are drawn in one (the first SVG element's). */
  svgRoot(): SVGSVGElement | null {
    for (const t of this.list) {
      if (t.svg) return (t.element as SVGElement).ownerSVGElement ?? (t.element as SVGSVGElement);
    }
    return null;
  }

  /** The layout may have moved the elements: they are re-measured at the next frame. */
  markStale(): void {
    if (this.list.length === 0) return;
    this.stale = true;
    this.onStale?.();
  }

  /**
   * Measures every HTML element's layout box again: all transforms are cleared first and
   * all boxes read after, so the page lays out once, not once per element. The next
   * `apply` writes every transform again.
   */
  remeasure(): void {
    this.stale = false;
    const list = this.list;
    for (let i = 0; i < list.length; i++) {
      const t = list[i]!;
      if (!t.svg && !t.object) (t.element as HTMLElement).style.transform = '';
    }
    for (let i = 0; i < list.length; i++) {
      const t = list[i]!;
      if (t.svg || t.object) continue;
      const box = readLayoutBox(t.element as Element);
      this.measureCount++;
      t.baseX = box.x;
      t.baseY = box.y;
      t.lastX = Number.NaN;
      t.lastY = Number.NaN;
      t.lastAngle = Number.NaN;
    }
  }

  /**
   * Writes the transforms of the targets whose body moved. `records` holds `slotCount`
   * BodyRecords (the layout of `readBodyTransforms`). A body no published step holds yet
   * (created since) is handed to `unpublished`, which writes its pose as created.
   */
  apply(
    records: Float64Array,
    slotCount: number,
    mapping: ScreenMapping,
    unpublished: (target: ElementTarget) => void,
  ): void {
    if (this.stale) this.remeasure();
    const list = this.list;
    for (let i = 0; i < list.length; i++) {
      const t = list[i]!;
      const o = t.slot * BodyRecord.Size;
      if (t.slot >= slotCount || records[o + BodyRecord.Id] !== t.bodyId) {
        unpublished(t);
        continue;
      }
      const angle = Math.atan2(records[o + BodyRecord.S]!, records[o + BodyRecord.C]!);
      writePose(t, records[o + BodyRecord.X]!, records[o + BodyRecord.Y]!, angle, mapping);
    }
  }
}

/** Writes one target's transform for a world pose, unless it would not visibly change. */
export function writePose(t: ElementTarget, x: number, y: number, angle: number, m: ScreenMapping): void {
  const sx = worldToScreenX(m, x);
  const sy = worldToScreenY(m, y);
  const sa = worldToScreenAngle(m, angle);
  if (
    Math.abs(sx - t.lastX) < PIXEL_EPSILON &&
    Math.abs(sy - t.lastY) < PIXEL_EPSILON &&
    Math.abs(sa - t.lastAngle) < ANGLE_EPSILON
  ) {
    return;
  }
  t.lastX = sx;
  t.lastY = sy;
  t.lastAngle = sa;
  if (t.object) {
    const o = t.element as ObjectTarget;
    o.position.x = sx;
    o.position.y = sy;
    if (typeof o.rotation === 'number') o.rotation = sa;
    else o.rotation.z = sa;
  } else if (t.svg) {
    const deg = round((sa * 180) / Math.PI);
    (t.element as Element).setAttribute(
      'transform',
      `translate(${round(sx - t.baseX)} ${round(sy - t.baseY)}) rotate(${deg} ${round(t.baseX)} ${round(t.baseY)})`,
    );
  } else {
    (t.element as HTMLElement).style.transform =
      `translate(${round(sx - t.baseX)}px, ${round(sy - t.baseY)}px) rotate(${round4(sa)}rad)`;
  }
}

/** Hundredths of a pixel are below what any screen shows; shorter strings parse faster. */
function round(v: number): number {
  return Math.round(v * 100) / 100;
}

function round4(v: number): number {
  return Math.round(v * 10000) / 10000;
}
