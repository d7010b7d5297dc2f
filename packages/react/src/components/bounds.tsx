import type { Vec2 } from '@impulse/core';
import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { containBodies, type WallBox } from '../contain.js';
import { useRuntime } from '../context.js';
import { measureLayoutBox } from '../element_targets.js';
import { useBody } from '../hooks/use_body.js';
import type { ScreenMapping } from '../screen.js';
import { screenToWorldX, screenToWorldY } from '../screen.js';
import type { ShapeMaterial, ShapeSpec } from '../shapes.js';

export interface BoundsProps extends Pick<ShapeMaterial, 'friction' | 'restitution' | 'filter'> {
  /** The element to wall in; the viewport (the visible part of the page) by default. */
  container?: RefObject<Element | null>;
  /** Wall thickness (m). Default 1. */
  thickness?: number;
  /** Which sides get a wall (screen sides). Default all four. */
  sides?: { top?: boolean; bottom?: boolean; left?: boolean; right?: boolean };
}

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Static walls around a container element or the viewport, so the bodies of a page stay
 * on it. The walls follow the container (ResizeObserver) or the window's size: a new size
 * makes new walls, and the bodies they held that the new walls would leave outside (or
 * land on) are moved back inside first (contain.ts). Renders no element.
 */
export function Bounds({ container, thickness = 1, sides, friction, restitution, filter }: BoundsProps) {
  const runtime = useRuntime('<Bounds>');
  const [rect, setRect] = useState<Rect | null>(null);
  useLayoutEffect(() => {
    const view =
      container?.current?.ownerDocument.defaultView ?? (typeof window === 'undefined' ? null : window);
    const measure = () => {
      const r = container ? measureContainer(container.current) : measureViewport(view);
      if (r) setRect((prev) => (prev && sameRect(prev, r) ? prev : r));
    };
    measure();
    const element = container?.current;
    if (element && typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(measure);
      observer.observe(element);
      return () => observer.disconnect();
    }
    view?.addEventListener('resize', measure);
    return () => view?.removeEventListener('resize', measure);
  }, [container]);
  const top = sides?.top ?? true;
  const bottom = sides?.bottom ?? true;
  const left = sides?.left ?? true;
  const right = sides?.right ?? true;
  const held = useRef<Rect | null>(null);
  useLayoutEffect(() => {
    if (rect === null) return;
    const before = held.current;
    held.current = rect;
    if (before === null || sameRect(before, rect)) return;
    const sides = { top, bottom, left, right };
    containBodies(
      runtime.client,
      wallBox(runtime.mapping, before, sides),
      wallBox(runtime.mapping, rect, sides),
    );
  }, [runtime, rect, top, bottom, left, right]);
  const walls = useMemo(
    () => (rect ? wallShapes(runtime.mapping, rect, thickness, { top, bottom, left, right }) : null),
    [runtime, rect, thickness, top, bottom, left, right],
  );
  if (!walls || walls.shapes.length === 0) return null;
  const material = {
    ...(friction === undefined ? {} : { friction }),
    ...(restitution === undefined ? {} : { restitution }),
    ...(filter === undefined ? {} : { filter }),
  };
  return <Walls position={walls.position} shapes={walls.shapes} material={material} />;
}

function Walls(props: { position: Vec2; shapes: ShapeSpec[]; material: ShapeMaterial }) {
  useBody({ type: 'static', position: props.position, shapes: props.shapes, ...props.material });
  return null;
}

function measureContainer(element: Element | null | undefined): Rect | null {
  if (!element) return null;
  const box = measureLayoutBox(element);
  return { left: box.x - box.width / 2, top: box.y - box.height / 2, width: box.width, height: box.height };
}

function measureViewport(view: Window | null): Rect | null {
  if (!view) return null;
  return { left: view.scrollX, top: view.scrollY, width: view.innerWidth, height: view.innerHeight };
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height;
}

/** Four boxes just outside the rect's edges, in a static body at the rect's center. */
export function wallShapes(
  m: ScreenMapping,
  r: Rect,
  thickness: number,
  sides: { top: boolean; bottom: boolean; left: boolean; right: boolean },
): { position: Vec2; shapes: ShapeSpec[] } {
  const cx = screenToWorldX(m, r.left + r.width / 2);
  const cy = screenToWorldY(m, r.top + r.height / 2);
  const w = r.width / m.scale;
  const h = r.height / m.scale;
  const t = thickness;
  // Screen top is world +y when y is flipped, -y when it is not.
  const up = m.flipY ? 1 : -1;
  const shapes: ShapeSpec[] = [];
  if (sides.bottom)
    shapes.push({ type: 'box', width: w + 2 * t, height: t, offset: { x: 0, y: -up * (h / 2 + t / 2) } });
  if (sides.top)
    shapes.push({ type: 'box', width: w + 2 * t, height: t, offset: { x: 0, y: up * (h / 2 + t / 2) } });
  if (sides.left) shapes.push({ type: 'box', width: t, height: h, offset: { x: -(w / 2 + t / 2), y: 0 } });
  if (sides.right) shapes.push({ type: 'box', width: t, height: h, offset: { x: w / 2 + t / 2, y: 0 } });
  return { position: { x: cx, y: cy }, shapes };
}

/** The world box inside a rect's walls; a side without a wall is open (infinite). */
export function wallBox(
  m: ScreenMapping,
  r: Rect,
  sides: { top: boolean; bottom: boolean; left: boolean; right: boolean },
): WallBox {
  const x0 = screenToWorldX(m, r.left);
  const x1 = screenToWorldX(m, r.left + r.width);
  const yTop = screenToWorldY(m, r.top);
  const yBottom = screenToWorldY(m, r.top + r.height);
  const inf = Number.POSITIVE_INFINITY;
  // Screen top is world max y when y is flipped.
  const [lowY, lowOpen, highY, highOpen] =
    yTop > yBottom ? [yBottom, !sides.bottom, yTop, !sides.top] : [yTop, !sides.top, yBottom, !sides.bottom];
  return {
    minX: sides.left ? Math.min(x0, x1) : -inf,
    maxX: sides.right ? Math.max(x0, x1) : inf,
    minY: lowOpen ? -inf : lowY,
    maxY: highOpen ? inf : highY,
  };
}
