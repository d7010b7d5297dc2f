/**
 * One body's life, free of React (`useBody` adapts it): created on `acquire()` from the
 * latest props and element, destroyed on `release()`, recreated when an immutable prop
 * changes, and changed in place by setters when a mutable one does (see body_props.ts).
 *
 * Joints and soft constraints on this body register as dependents: when the body is
 * destroyed they learn it (the world removed their joint with it), and when it is created
 * again (a recreate, StrictMode's remount) they are rebuilt on the new body.
 */
import { type BodyDef, type BodyId, checkBodyDef, type ShapeId, type Vec2 } from '@impulse/core/contract';
import {
  applySetters,
  type BodyOptions,
  type BodyTypeName,
  diffBodyProps,
  type LiveBodyRef,
  toBodyType,
} from './body_props.js';
import type { BodyEventHandlers, EventSink } from './contact_router.js';
import { checkDragConstraint, type DragProps } from './drag.js';
import {
  type ElementTarget,
  isElement,
  isSvgElement,
  measureLayoutBox,
  type TransformTarget,
  writePose,
} from './element_targets.js';
import { Lifetime } from './lifetime.js';
import type { PhysicsRuntime } from './runtime.js';
import { screenToWorldX, screenToWorldY } from './screen.js';
import {
  buildShape,
  checkBuiltShape,
  createBuiltShape,
  type ShapeMaterial,
  type ShapeSpec,
} from './shapes.js';

/** Something built on a body (a joint): rebuilt when the body is created again. */
export interface BodyDependent {
  bodyCreated(): void;
  bodyDestroyed(): void;
}

interface LiveBody extends LiveBodyRef {
  target: ElementTarget | null;
  /** The element the body's box was measured from (element-measured bodies only). */
  measured: Element | null;
  /** Its measured size (px), and the observer that recreates the body when it changes. */
  width: number;
  height: number;
  observer: { disconnect(): void } | null;
}

/** A size change smaller than this (px) keeps the body (sub-pixel layout jitter). */
const RESIZE_EPSILON = 0.5;

/** Imperative access to a body. World units: meters, radians, y up. */
export interface BodyApi {
  /** The body's id while it exists, else null (before mount, after unmount). */
  readonly id: BodyId | null;
  /** Its record's slot in `usePhysicsFrame`'s `records` (-1 while it does not exist). */
  readonly slot: number;
  /** An impulse (N s) at a world point, or at the center of mass. */
  applyImpulse(impulse: Vec2, point?: Vec2): void;
  /** A force (N) for the next step, at a world point or the center of mass. */
  applyForce(force: Vec2, point?: Vec2): void;
  applyTorque(torque: number): void;
  applyAngularImpulse(impulse: number): void;
  setLinearVelocity(velocity: Vec2): void;
  setAngularVelocity(omega: number): void;
  /** Teleports the body (angle: keeps the current one when left out). */
  setTransform(position: Vec2, angle?: number): void;
  setType(type: BodyTypeName): void;
  wake(): void;
  sleep(): void;
  /** Position at the newest step (m), read synchronously. */
  getPosition(): Vec2;
  getAngle(): number;
  getLinearVelocity(): Vec2;
  getAngularVelocity(): number;
  isAwake(): boolean;
}

const handles = new WeakMap<BodyApi, BodyHandle>();

/** The handle behind a body api (for joints). */
export function handleOf(api: BodyApi): BodyHandle {
  const h = handles.get(api);
  if (!h) throw new TypeError('useJoint: a body must be the api returned by useBody (or a <Body> ref)');
  return h;
}

export class BodyHandle implements EventSink {
  readonly api: BodyApi;
  private readonly runtime: PhysicsRuntime;
  private props: BodyOptions;
  private element: TransformTarget | null = null;
  private readonly lifetime: Lifetime<LiveBody>;
  private readonly dependents = new Set<BodyDependent>();
  /** Pose carried over a recreate, so changing an immutable prop does not snap the body back. */
  private carry: { position: Vec2; angle: number; linearVelocity: Vec2; angularVelocity: number } | null =
    null;
  /** Bodies created and destroyed by this handle (tests count recreates). */
  created = 0;
  /** Detaches the pointer listener while the element is a drag handle. */
  private dragDetach: (() => void) | null = null;
  private unwatchDraggable: (() => void) | null = null;

  /** Instance index (bodies made by `useBodies`), reported in events. */
  readonly index: number | undefined;
  /** A stable ref callback for the element (or scene-graph object). */
  readonly ref = (element: TransformTarget | null): void => this.setElement(element);

  constructor(runtime: PhysicsRuntime, props: BodyOptions, index?: number) {
    this.runtime = runtime;
    this.props = props;
    this.index = index;
    this.lifetime = new Lifetime(
      () => this.create(),
      (live) => this.destroy(live),
    );
    this.api = this.makeApi();
    handles.set(this.api, this);
  }

  get id(): BodyId | null {
    return this.lifetime.peek()?.id ?? null;
  }

  get alive(): boolean {
    return this.lifetime.alive;
  }

  handlers(): BodyEventHandlers {
    return this.props;
  }

  dragProps(): DragProps {
    return this.props;
  }

  acquire(): void {
    if (this.lifetime.alive) return;
    this.lifetime.acquire();
    this.unwatchDraggable ??= this.runtime.watchDraggable(() => this.syncDrag());
    this.syncDrag();
    this.notifyCreated();
  }

  release(): void {
    this.carry = null;
    this.unwatchDraggable?.();
    this.unwatchDraggable = null;
    this.lifetime.release();
  }

  /** The element is a drag handle exactly while the body and its element exist and it is draggable. */
  private syncDrag(): void {
    const live = this.lifetime.peek();
    // A scene-graph object has no pointer events of its own: a canvas drag surface grabs it.
    const wanted =
      live !== undefined &&
      live.target !== null &&
      !live.target.object &&
      (this.props.draggable ?? this.runtime.draggable);
    if (wanted && this.dragDetach === null) {
      this.dragDetach = this.runtime.dragger.attach(live.target!.element as Element, () => this.id);
    } else if (!wanted && this.dragDetach !== null) {
      this.dragDetach();
      this.dragDetach = null;
    }
  }

  /** New props from a render: setters for mutable changes, a recreate for immutable ones. */
  update(props: BodyOptions): void {
    checkDragConstraint('useBody', props.dragConstraint);
    const prev = this.props;
    this.props = props;
    const live = this.lifetime.peek();
    if (!live) return;
    const diff = diffBodyProps(prev, props);
    if (diff.recreate) {
      // A new position or angle prop wins over the pose the body had reached.
      this.recreate(!diff.setters.includes('position') && !diff.setters.includes('angle'));
      return;
    }
    if (diff.setters.length > 0) applySetters(live, diff.setters, props);
    if (diff.handlersChanged) this.runtime.events.refreshBody(live.id);
    if (diff.draggableChanged) this.syncDrag();
  }

  /** The element (or scene-graph object) the ref is attached to (null when detached). */
  setElement(element: TransformTarget | null): void {
    if (element === this.element) return;
    this.element = element;
    const live = this.lifetime.peek();
    if (!live) return;
    if (live.target) {
      this.runtime.loop.targets.remove(live.target);
      live.target = null;
      this.syncDrag();
    }
    if (element === null) return;
    if (live.measured !== null && live.measured !== element) this.recreate();
    else {
      this.attachTarget(live, element);
      this.syncDrag();
    }
  }

  addDependent(d: BodyDependent): void {
    this.dependents.add(d);
  }

  removeDependent(d: BodyDependent): void {
    this.dependents.delete(d);
  }

  get dependentCount(): number {
    return this.dependents.size;
  }

  /** The live body's client and id; throws a clear error when there is none. */
  private require(method: string): LiveBody {
    const live = this.lifetime.peek();
    if (!live || live.client.isDisposed()) {
      throw new Error(
        `BodyApi.${method}: the body does not exist (its component is not mounted yet, or was unmounted)`,
      );
    }
    return live;
  }

  private recreate(keepPose = true): void {
    const live = this.lifetime.peek();
    if (keepPose && live && !live.client.isDisposed() && live.client.isValidBody(live.id)) {
      const c = live.client;
      this.carry = {
        position: c.getBodyPosition(live.id),
        angle: c.getBodyAngle(live.id),
        linearVelocity: c.getBodyLinearVelocity(live.id),
        angularVelocity: c.getBodyAngularVelocity(live.id),
      };
    }
    this.lifetime.release();
    try {
      this.lifetime.acquire();
    } finally {
      this.carry = null;
    }
    this.syncDrag();
    this.notifyCreated();
  }

  /** Dependents (joints) are built once the body is alive, so they can read its id. */
  private notifyCreated(): void {
    for (const d of this.dependents) d.bodyCreated();
  }

  private create(): LiveBody {
    const runtime = this.runtime;
    const props = this.props;
    const client = runtime.client;
    const element = this.element;
    checkDragConstraint('useBody', props.dragConstraint);
    const def = this.bodyDef();
    let specs: readonly ShapeSpec[];
    let measured: Element | null = null;
    let base: Vec2 | undefined;
    let width = 0;
    let height = 0;
    if (props.shapes) {
      specs = props.shapes;
    } else {
      if (element === null) {
        throw new Error(
          'useBody: the body has no shapes and no element to measure; attach the ref to an element or declare shapes',
        );
      }
      if (!isElement(element)) {
        throw new Error(
          'useBody: the ref is on a scene-graph object (Pixi, three.js), which has no layout box to measure; declare shapes',
        );
      }
      measured = element;
      const box = measureLayoutBox(element);
      const m = runtime.mapping;
      if (!(box.width > 0 && box.height > 0)) {
        throw new RangeError(
          `useBody: the element measures ${box.width} × ${box.height} px; a measured body needs a size (or declare shapes)`,
        );
      }
      specs = [{ type: 'box', width: box.width / m.scale, height: box.height / m.scale }];
      base = { x: box.x, y: box.y };
      width = box.width;
      height = box.height;
      if (props.position === undefined && this.carry === null) {
        def.position = { x: screenToWorldX(m, box.x), y: screenToWorldY(m, box.y) };
      }
    }
    const material = pickMaterial(props);
    const built = specs.map((spec, i) => buildShape(spec, material, `useBody: shapes[${i}]`));
    // Everything is checked before the world changes, with the core's checks under the names
    // of the methods called below: a bad def throws here, world untouched.
    checkBodyDef('createBody', def);
    for (const shape of built) checkBuiltShape(shape);
    const id = client.createBody(def);
    const shapes: ShapeId[] = [];
    for (const shape of built) shapes.push(...createBuiltShape(client, id, shape));
    const live: LiveBody = { client, id, shapes, target: null, measured, width, height, observer: null };
    if (measured !== null) live.observer = this.observeSize(measured, live);
    this.created++;
    runtime.events.set(id, this);
    if (element !== null) this.attachTarget(live, element, base);
    return live;
  }

  /**
   * A measured body follows its element's size: a new size recreates it (keeping its pose),
   * as the box is one of its shapes. Without ResizeObserver (old runtimes, jsdom) it keeps
   * the first size.
   */
  private observeSize(element: Element, live: LiveBody): { disconnect(): void } | null {
    const view = element.ownerDocument.defaultView as
      | (Window & { ResizeObserver?: typeof ResizeObserver })
      | null;
    const Observer =
      view?.ResizeObserver ?? (globalThis as { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
    if (!Observer) return null;
    const observer = new Observer(() => {
      if (this.lifetime.peek() !== live) return;
      const style = (element as Partial<HTMLElement>).style;
      const transform = style?.transform;
      const box = measureLayoutBox(element);
      if (style && transform !== undefined) style.transform = transform;
      if (
        Math.abs(box.width - live.width) < RESIZE_EPSILON &&
        Math.abs(box.height - live.height) < RESIZE_EPSILON
      ) {
        return;
      }
      if (box.width > 0 && box.height > 0) this.recreate();
    });
    observer.observe(element, { box: 'border-box' });
    return observer;
  }

  private destroy(live: LiveBody): void {
    const runtime = this.runtime;
    live.observer?.disconnect();
    live.observer = null;
    if (live.target) runtime.loop.targets.remove(live.target);
    live.target = null;
    this.dragDetach?.();
    this.dragDetach = null;
    runtime.events.delete(live.id);
    for (const d of this.dependents) d.bodyDestroyed();
    const client = live.client;
    if (!client.isDisposed() && client.isValidBody(live.id)) client.destroyBody(live.id);
  }

  /** Makes `element` follow the body. `base`: its layout box center, when just measured. */
  private attachTarget(live: LiveBody, element: TransformTarget, base?: Vec2): void {
    const loop = this.runtime.loop;
    // HTML: the layout box center is where the transform moves from (SVG, objects: their origin).
    base ??= !isElement(element) || isSvgElement(element) ? { x: 0, y: 0 } : measureLayoutBox(element);
    const target = loop.targets.add(element, live.id, live.client.getBodySlot(live.id), base.x, base.y);
    live.target = target;
    const p = live.client.getBodyPosition(live.id);
    writePose(target, p.x, p.y, live.client.getBodyAngle(live.id), this.runtime.mapping);
    loop.invalidate();
  }

  private bodyDef(): Partial<BodyDef> {
    const p = this.props;
    const d: Partial<BodyDef> = { type: toBodyType(p.type), userData: p.userData };
    if (p.position !== undefined) d.position = p.position;
    if (p.angle !== undefined) d.angle = p.angle;
    if (p.linearVelocity !== undefined) d.linearVelocity = p.linearVelocity;
    if (p.angularVelocity !== undefined) d.angularVelocity = p.angularVelocity;
    if (p.linearDamping !== undefined) d.linearDamping = p.linearDamping;
    if (p.angularDamping !== undefined) d.angularDamping = p.angularDamping;
    if (p.gravityScale !== undefined) d.gravityScale = p.gravityScale;
    if (p.sleepThreshold !== undefined) d.sleepThreshold = p.sleepThreshold;
    if (p.fixedRotation !== undefined) d.fixedRotation = p.fixedRotation;
    if (p.bullet !== undefined) d.isBullet = p.bullet;
    if (p.awake !== undefined) d.isAwake = p.awake;
    if (p.enableSleep !== undefined) d.enableSleep = p.enableSleep;
    const carry = this.carry;
    if (carry) {
      d.position = carry.position;
      d.angle = carry.angle;
      d.linearVelocity = carry.linearVelocity;
      d.angularVelocity = carry.angularVelocity;
    }
    return d;
  }

  private makeApi(): BodyApi {
    const self = this;
    const body = (method: string) => self.require(method);
    return {
      get id() {
        return self.id;
      },
      get slot() {
        const live = self.lifetime.peek();
        return live && !live.client.isDisposed() ? live.client.getBodySlot(live.id) : -1;
      },
      applyImpulse(impulse, point) {
        const { client, id } = body('applyImpulse');
        if (point) client.applyBodyLinearImpulse(id, impulse, point);
        else client.applyBodyLinearImpulseToCenter(id, impulse);
      },
      applyForce(force, point) {
        const { client, id } = body('applyForce');
        if (point) client.applyBodyForce(id, force, point);
        else client.applyBodyForceToCenter(id, force);
      },
      applyTorque(torque) {
        const { client, id } = body('applyTorque');
        client.applyBodyTorque(id, torque);
      },
      applyAngularImpulse(impulse) {
        const { client, id } = body('applyAngularImpulse');
        client.applyBodyAngularImpulse(id, impulse);
      },
      setLinearVelocity(v) {
        const { client, id } = body('setLinearVelocity');
        client.setBodyLinearVelocity(id, v);
      },
      setAngularVelocity(omega) {
        const { client, id } = body('setAngularVelocity');
        client.setBodyAngularVelocity(id, omega);
      },
      setTransform(position, angle) {
        const { client, id } = body('setTransform');
        client.setBodyTransform(id, position, angle ?? client.getBodyAngle(id));
        self.runtime.loop.invalidate();
      },
      setType(type) {
        const { client, id } = body('setType');
        client.setBodyType(id, toBodyType(type));
      },
      wake() {
        const { client, id } = body('wake');
        client.setBodyAwake(id, true);
      },
      sleep() {
        const { client, id } = body('sleep');
        client.setBodyAwake(id, false);
      },
      getPosition() {
        const { client, id } = body('getPosition');
        return client.getBodyPosition(id);
      },
      getAngle() {
        const { client, id } = body('getAngle');
        return client.getBodyAngle(id);
      },
      getLinearVelocity() {
        const { client, id } = body('getLinearVelocity');
        return client.getBodyLinearVelocity(id);
      },
      getAngularVelocity() {
        const { client, id } = body('getAngularVelocity');
        return client.getBodyAngularVelocity(id);
      },
      isAwake() {
        const { client, id } = body('isAwake');
        return client.isBodyAwake(id);
      },
    };
  }
}

/** The body's own material fields (each shape's spec may override them). */
function pickMaterial(m: BodyOptions): ShapeMaterial {
  const out: ShapeMaterial = {};
  if (m.density !== undefined) out.density = m.density;
  if (m.friction !== undefined) out.friction = m.friction;
  if (m.restitution !== undefined) out.restitution = m.restitution;
  if (m.material !== undefined) out.material = m.material;
  if (m.filter !== undefined) out.filter = m.filter;
  if (m.isSensor !== undefined) out.isSensor = m.isSensor;
  if (m.enableContactEvents !== undefined) out.enableContactEvents = m.enableContactEvents;
  return out;
}
