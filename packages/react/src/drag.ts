/**
 * Pointer dragging (mouse, pen, finger), free of React: a pointer pressed on a draggable
 * body's element grabs the body with a mouse joint at the point under the pointer; moving
 * the pointer moves the joint's target; releasing it lets go (and the body keeps the
 * velocity it had, so a card can be flung).
 *
 * Moves and the release are followed on the element's document, so a fast pointer that
 * leaves the element keeps dragging. Static bodies are not dragged, nor bodies the
 * `canDrag` option refuses. A body's `dragConstraint` limits where the pointer pulls it,
 * and its `onDragStart`, `onDrag` and `onDragEnd` hear the grab, each move and the release.
 */
import { type BodyId, BodyType, constants, type JointId, type Vec2 } from '@impulse/core/contract';
import type { PhysicsClient } from '@impulse/worker';
import { isSvgElement } from './element_targets.js';
import { type ScreenMapping, screenToWorldX, screenToWorldY } from './screen.js';

/** How a grab feels, and which bodies may be grabbed (`<Physics dragOptions>`). */
export interface DragOptions {
  /** Spring frequency of the grab (Hz). Default 5. */
  hertz: number;
  /** Default 0.7. */
  dampingRatio: number;
  /** Largest pull, in multiples of the body's weight (its mass times 10 m/s²). Default 1000. */
  maxForceRatio: number;
  /** Decides, at each press, whether a body may be grabbed (after its `draggable`). Default: all. */
  canDrag: ((body: BodyId) => boolean) | null;
}

export const DEFAULT_DRAG: Readonly<DragOptions> = {
  hertz: 5,
  dampingRatio: 0.7,
  maxForceRatio: 1000,
  canDrag: null,
};

/** Where a drag is: handed to `onDragStart`, `onDrag` and `onDragEnd`. Made per event. */
export interface BodyDragEvent {
  body: BodyId;
  /** The world point (m) the grabbed point is pulled to: the pointer, after `dragConstraint`. */
  point: Vec2;
  /** The body's linear velocity (m/s) at the newest step; at `onDragEnd`, what it is flung with. */
  velocity: Vec2;
  pointerId: number;
}

/**
 * Limits where a drag may pull a body (a slingshot's band, a slider's rail). The pointer's
 * point is moved to the nearest allowed one; the body follows it on the grab's spring.
 */
export interface DragConstraint {
  /** The point (world, m) the limits count from. Default: the point grabbed, where it was grabbed. */
  anchor?: Vec2;
  /** Farthest the pulled point may be from the anchor (m), >= 0. Default: no limit. */
  maxDistance?: number;
  /** Only along this direction (world, any length but 0) through the anchor. Default: any direction. */
  axis?: Vec2;
}

/** A body's drag props (read at each event, so they change live). */
export interface DragProps {
  onDragStart?: ((event: BodyDragEvent) => void) | undefined;
  onDrag?: ((event: BodyDragEvent) => void) | undefined;
  onDragEnd?: ((event: BodyDragEvent) => void) | undefined;
  dragConstraint?: DragConstraint | undefined;
}

/** Checks a drag constraint prop; the message names the prop. */
export function checkDragConstraint(fn: string, c: DragConstraint | undefined): void {
  if (c === undefined) return;
  const bad = (field: string, rule: string, v: unknown) => {
    throw new RangeError(
      `${fn}: dragConstraint.${field} must be ${rule}, got ${JSON.stringify(v) ?? String(v)}`,
    );
  };
  if (c.anchor !== undefined && !(Number.isFinite(c.anchor?.x) && Number.isFinite(c.anchor?.y)))
    bad('anchor', 'a finite point { x, y }', c.anchor);
  if (c.maxDistance !== undefined && !(c.maxDistance >= 0 && c.maxDistance < Number.POSITIVE_INFINITY))
    bad('maxDistance', 'a finite distance >= 0 (m)', c.maxDistance);
  if (
    c.axis !== undefined &&
    !(Number.isFinite(c.axis?.x) && Number.isFinite(c.axis?.y) && (c.axis.x !== 0 || c.axis.y !== 0))
  )
    bad('axis', 'a finite direction { x, y } other than (0, 0)', c.axis);
}

/** The allowed point nearest `t`, for a drag grabbed at `grabbed`. */
export function constrainDrag(t: Vec2, c: DragConstraint | undefined, grabbed: Vec2): Vec2 {
  if (c === undefined) return t;
  const from = c.anchor ?? grabbed;
  let dx = t.x - from.x;
  let dy = t.y - from.y;
  if (c.axis !== undefined) {
    const len = Math.hypot(c.axis.x, c.axis.y);
    const ux = c.axis.x / len;
    const uy = c.axis.y / len;
    const along = dx * ux + dy * uy;
    dx = along * ux;
    dy = along * uy;
  }
  if (c.maxDistance !== undefined) {
    const d = Math.hypot(dx, dy);
    if (d > c.maxDistance) {
      const k = c.maxDistance / d;
      dx *= k;
      dy *= k;
    }
  }
  return { x: from.x + dx, y: from.y + dy };
}

/** What the controller needs from the world. */
export interface DragHost {
  readonly client: PhysicsClient;
  readonly mapping: ScreenMapping;
  groundBody(): BodyId;
  readonly drag: DragOptions;
  /** The drag props of a body's component, if it has one. */
  dragProps(body: BodyId): DragProps | undefined;
}

interface Grab {
  pointerId: number;
  client: PhysicsClient;
  joint: JointId;
  element: Element;
  stop: () => void;
}

type PointerLike = Pick<PointerEvent, 'pointerId' | 'clientX' | 'clientY' | 'button' | 'isPrimary'> & {
  preventDefault(): void;
};

/** The screen point (page px, or the SVG's user units) of a pointer event over `element`. */
export function pointerScreenPoint(element: Element, e: Pick<PointerEvent, 'clientX' | 'clientY'>): Vec2 {
  if (isSvgElement(element)) {
    const svg = (element as SVGElement).ownerSVGElement ?? (element as SVGSVGElement);
    const ctm = svg.getScreenCTM?.();
    if (ctm) {
      const inv = ctm.inverse();
      return {
        x: inv.a * e.clientX + inv.c * e.clientY + inv.e,
        y: inv.b * e.clientX + inv.d * e.clientY + inv.f,
      };
    }
  }
  const view = element.ownerDocument.defaultView;
  return { x: e.clientX + (view?.scrollX ?? 0), y: e.clientY + (view?.scrollY ?? 0) };
}

export class DragController {
  private readonly host: DragHost;
  private readonly grabs: Grab[] = [];

  constructor(host: DragHost) {
    this.host = host;
  }

  /** Makes `element` a handle to grab `body` by. Returns the detach function. */
  attach(element: Element, body: () => BodyId | null): () => void {
    const down = (event: Event) => this.grab(element, body(), event as PointerEvent);
    element.addEventListener('pointerdown', down);
    const style = (element as HTMLElement).style;
    const touchAction = style?.getPropertyValue('touch-action') ?? '';
    // Without this a finger drag scrolls the page instead of moving the body.
    style?.setProperty('touch-action', 'none');
    return () => {
      element.removeEventListener('pointerdown', down);
      style?.setProperty('touch-action', touchAction);
      for (const g of [...this.grabs]) if (g.element === element) g.stop();
    };
  }

  /**
   * Makes `element` (a canvas, say) a surface to grab any body under the pointer by: the
   * bodies under the press are asked of the world (asynchronously: it may be in a worker),
   * and the first one `accept`s is grabbed at the pressed point. Returns the detach.
   */
  attachSurface(element: Element, accept: (body: BodyId) => boolean): () => void {
    const down = (event: Event) => {
      const e = event as PointerEvent;
      if (e.button !== undefined && e.button !== 0) return;
      const host = this.host;
      const client = host.client;
      if (client.isDisposed()) return;
      const s = pointerScreenPoint(element, e);
      const anchor = { x: screenToWorldX(host.mapping, s.x), y: screenToWorldY(host.mapping, s.y) };
      // Follow the pointer while the world answers, so the grab starts where the pointer is then.
      const latest = {
        pointerId: e.pointerId,
        clientX: e.clientX,
        clientY: e.clientY,
        button: 0,
        isPrimary: true,
      };
      let released = false;
      const doc = element.ownerDocument;
      const move = (ev: Event) => {
        const p = ev as PointerEvent;
        if (p.pointerId !== e.pointerId) return;
        latest.clientX = p.clientX;
        latest.clientY = p.clientY;
      };
      const up = (ev: Event) => {
        if ((ev as PointerEvent).pointerId === e.pointerId) released = true;
      };
      doc.addEventListener('pointermove', move);
      doc.addEventListener('pointerup', up);
      doc.addEventListener('pointercancel', up);
      const stopWatching = () => {
        doc.removeEventListener('pointermove', move);
        doc.removeEventListener('pointerup', up);
        doc.removeEventListener('pointercancel', up);
      };
      client.overlapPoint(anchor).then(
        (shapes) => {
          stopWatching();
          if (released || client.isDisposed() || !this.surfaces.has(element)) return;
          for (const shape of shapes) {
            if (!client.isValidShape(shape)) continue; // destroyed since
            const body = client.getShapeBody(shape);
            if (client.getBodyType(body) === BodyType.Static || !accept(body)) continue;
            this.grab(element, body, { ...latest, preventDefault: () => {} }, anchor);
            return;
          }
        },
        () => stopWatching(),
      );
    };
    element.addEventListener('pointerdown', down);
    this.surfaces.add(element);
    const style = (element as HTMLElement).style;
    const touchAction = style?.getPropertyValue('touch-action') ?? '';
    style?.setProperty('touch-action', 'none');
    return () => {
      element.removeEventListener('pointerdown', down);
      this.surfaces.delete(element);
      style?.setProperty('touch-action', touchAction);
      for (const g of [...this.grabs]) if (g.element === element) g.stop();
    };
  }

  private readonly surfaces = new Set<Element>();

  /** Grabs in progress (for tests and leak checks). */
  get activeCount(): number {
    return this.grabs.length;
  }

  /** Lets go of everything (the world is going away). */
  releaseAll(): void {
    for (const g of [...this.grabs]) g.stop();
  }

  /** Grabs `body` at `anchor` (world; default: under the pointer) and pulls it toward the pointer. */
  private grab(element: Element, body: BodyId | null, e: PointerLike, anchor?: Vec2): void {
    if (body === null || (e.button !== undefined && e.button !== 0)) return;
    const host = this.host;
    const client = host.client;
    if (client.isDisposed() || !client.isValidBody(body)) return;
    if (client.getBodyType(body) === BodyType.Static) return;
    const options = host.drag;
    if (options.canDrag !== null && !options.canDrag(body)) return;
    e.preventDefault();
    const m = host.mapping;
    const pointer = world(element, m);
    const grabbed = anchor ?? pointer(e);
    // The pulled point: the pointer, within the body's constraint (read live).
    const pulled = (ev: Pick<PointerEvent, 'clientX' | 'clientY'>): Vec2 =>
      constrainDrag(pointer(ev), host.dragProps(body)?.dragConstraint, grabbed);
    const target = pulled(e);
    const p = client.getBodyPosition(body);
    const q = client.getBodyRotation(body);
    const dx = grabbed.x - p.x;
    const dy = grabbed.y - p.y;
    // The grabbed point in the body's frame: the inverse rotation of its offset.
    const localAnchorB = { x: q.c * dx + q.s * dy, y: -q.s * dx + q.c * dy };
    // Every solver (the soft step and each alternative, docs/solvers.md) solves the mouse joint.
    const joint = client.createMouseJoint({
      bodyA: host.groundBody(),
      bodyB: body,
      localAnchorB,
      target,
      hertz: options.hertz,
      dampingRatio: options.dampingRatio,
      // at most the core's force range: a body past 1e8 kg would ask for more than 1e12 N
      maxForce: Math.min(options.maxForceRatio * client.getBodyMass(body) * 10, constants.MAX_FORCE),
    });
    client.setBodyAwake(body, true);
    const doc = element.ownerDocument;
    const pointerId = e.pointerId;
    const emit = (name: 'onDragStart' | 'onDrag' | 'onDragEnd', point: Vec2) => {
      const handler = host.dragProps(body)?.[name];
      if (handler === undefined || client.isDisposed() || !client.isValidBody(body)) return;
      handler({ body, point, velocity: client.getBodyLinearVelocity(body), pointerId });
    };
    let last = target;
    const move = (event: Event) => {
      const ev = event as PointerEvent;
      if (ev.pointerId !== pointerId) return;
      if (client.isDisposed() || !client.isValidJoint(joint)) return stop();
      last = pulled(ev);
      client.setJointParams(joint, { target: last });
      emit('onDrag', last);
    };
    const up = (event: Event) => {
      if ((event as PointerEvent).pointerId === pointerId) stop();
    };
    const stop = () => {
      doc.removeEventListener('pointermove', move);
      doc.removeEventListener('pointerup', up);
      doc.removeEventListener('pointercancel', up);
      const i = this.grabs.indexOf(grab);
      if (i < 0) return;
      this.grabs.splice(i, 1);
      emit('onDragEnd', last);
      // The joint goes with its body if the body went first.
      if (!client.isDisposed() && client.isValidJoint(joint)) client.destroyJoint(joint);
    };
    const grab: Grab = { pointerId, client, joint, element, stop };
    this.grabs.push(grab);
    doc.addEventListener('pointermove', move);
    doc.addEventListener('pointerup', up);
    doc.addEventListener('pointercancel', up);
    emit('onDragStart', target);
  }
}

/** The world point under a pointer event over `element`. */
function world(element: Element, m: ScreenMapping) {
  return (ev: Pick<PointerEvent, 'clientX' | 'clientY'>): Vec2 => {
    const s = pointerScreenPoint(element, ev);
    return { x: screenToWorldX(m, s.x), y: screenToWorldY(m, s.y) };
  };
}
