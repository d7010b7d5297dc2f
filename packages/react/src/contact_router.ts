/**
 * Routes the world's batched events to the bodies that asked for them. The client reports
 * contacts by shape id; a shape's body comes from the client (answered on the main
 * thread), and the body's handlers from one Map keyed by body id. Handlers are looked up
 * when an event is dispatched, so changing a handler prop never re-subscribes.
 *
 * The router listens to a kind of event only while some body has a handler for it: the
 * worker copies no contact events nobody reads.
 */
import type { BodyEvents, BodyId, ContactEvents, JointEvents, JointId, ShapeId, Vec2 } from '@impulse/core';
import type { DragProps } from './drag.js';
import type { PhysicsClient } from '@impulse/worker';

/** A contact between this body and another. */
export interface ContactEvent {
  /** The body the handler belongs to. */
  body: BodyId;
  /** The other body. */
  other: BodyId;
  /** This body's shape in the contact. */
  shape: ShapeId;
  /** The other body's shape. */
  otherShape: ShapeId;
  /** The other body's user data (`userData` in its def). */
  otherUserData: unknown;
  /** The instance index of this body in `useBodies` / `<InstancedBodies>` (undefined for a single body). */
  index: number | undefined;
  /** The other body's instance index, when it is an instance. */
  otherIndex: number | undefined;
}

/** A contact that began with an approach speed over the world's hit threshold. */
export interface HitEvent extends ContactEvent {
  /** World point of the hit (m). */
  point: Vec2;
  /** Contact normal, from shape A to shape B of the pair as the world reports it. */
  normal: Vec2;
  /** Approach speed (m/s). */
  speed: number;
}

export interface BodyEventHandlers {
  onContactBegin?: ((event: ContactEvent) => void) | undefined;
  onContactEnd?: ((event: ContactEvent) => void) | undefined;
  onHit?: ((event: HitEvent) => void) | undefined;
  /** This body's sensor shape began to overlap another body's shape. */
  onSensorEnter?: ((event: ContactEvent) => void) | undefined;
  onSensorExit?: ((event: ContactEvent) => void) | undefined;
  onSleep?: ((body: BodyId, index: number | undefined) => void) | undefined;
  onWake?: ((body: BodyId, index: number | undefined) => void) | undefined;
}

/** Where the router finds a body's current handlers. */
export interface EventSink {
  handlers(): BodyEventHandlers;
  /** Its drag handlers and constraint (bodies with a component). */
  dragProps?(): DragProps;
  /** Instance index (bodies made by `useBodies`). */
  readonly index: number | undefined;
}

/** Where the router finds a joint's break handler. */
export interface JointEventSink {
  onBreak(): ((joint: JointId) => void) | undefined;
}

type Client = Pick<
  PhysicsClient,
  | 'onContactEvents'
  | 'onBodyEvents'
  | 'onJointEvents'
  | 'isValidShape'
  | 'getShapeBody'
  | 'isValidBody'
  | 'getBodyUserData'
>;

export class EventRouter {
  private readonly sinks = new Map<number, EventSink>();
  private client: Client | null = null;
  private contactOff: (() => void) | null = null;
  private bodyOff: (() => void) | null = null;
  private jointOff: (() => void) | null = null;
  private readonly jointSinks = new Map<number, JointEventSink>();

  /** Listens to `client` (or to nothing); subscriptions follow the registered sinks. */
  attach(client: Client | null): void {
    this.unsubscribe();
    this.client = client;
    this.sync();
  }

  set(body: BodyId, sink: EventSink): void {
    this.sinks.set(body, sink);
    this.track(body, sink);
  }

  /** The sink registered for a body (its handle), if any. */
  sink(body: BodyId): EventSink | undefined {
    return this.sinks.get(body);
  }

  delete(body: BodyId): void {
    if (this.sinks.delete(body)) this.track(body, undefined);
  }

  setJoint(joint: JointId, sink: JointEventSink): void {
    this.jointSinks.set(joint, sink);
    this.trackJoint(joint, sink);
  }

  deleteJoint(joint: JointId): void {
    if (this.jointSinks.delete(joint)) this.trackJoint(joint, undefined);
  }

  /** A body's handlers changed (some appeared or all went): its kinds are counted again. */
  refreshBody(body: BodyId): void {
    this.track(body, this.sinks.get(body));
  }

  /** A joint's break handler appeared or went. */
  refreshJoint(joint: JointId): void {
    this.trackJoint(joint, this.jointSinks.get(joint));
  }

  /*
   * Which kinds each sink wants, counted per kind, so registering a body costs O(1) and
   * mounting many bodies stays linear: a bit per kind (1 contact, 2 sleep, 4 break).
   */
  private readonly wants = new Map<number, number>();
  private readonly jointWants = new Map<number, number>();
  private contactWanted = 0;
  private sleepWanted = 0;
  private breakWanted = 0;

  private track(body: number, sink: EventSink | undefined): void {
    let bits = 0;
    if (sink) {
      const h = sink.handlers();
      if (h.onContactBegin || h.onContactEnd || h.onHit || h.onSensorEnter || h.onSensorExit) bits |= 1;
      if (h.onSleep || h.onWake) bits |= 2;
    }
    const old = this.wants.get(body) ?? 0;
    if (bits === 0) this.wants.delete(body);
    else this.wants.set(body, bits);
    this.contactWanted += (bits & 1) - (old & 1);
    this.sleepWanted += ((bits & 2) - (old & 2)) / 2;
    this.sync();
  }

  private trackJoint(joint: number, sink: JointEventSink | undefined): void {
    const bits = sink?.onBreak() ? 4 : 0;
    const old = this.jointWants.get(joint) ?? 0;
    if (bits === 0) this.jointWants.delete(joint);
    else this.jointWants.set(joint, bits);
    this.breakWanted += (bits - old) / 4;
    this.sync();
  }

  /** Subscribes to each kind some sink wants, and drops the rest. */
  private sync(): void {
    const client = this.client;
    if (client === null) return;
    if (this.contactWanted > 0 && !this.contactOff) this.contactOff = client.onContactEvents(this.onContact);
    if (this.contactWanted === 0 && this.contactOff) {
      this.contactOff();
      this.contactOff = null;
    }
    if (this.sleepWanted > 0 && !this.bodyOff) this.bodyOff = client.onBodyEvents(this.onBody);
    if (this.sleepWanted === 0 && this.bodyOff) {
      this.bodyOff();
      this.bodyOff = null;
    }
    if (this.breakWanted > 0 && !this.jointOff) this.jointOff = client.onJointEvents(this.onJoint);
    if (this.breakWanted === 0 && this.jointOff) {
      this.jointOff();
      this.jointOff = null;
    }
  }

  /** Listener subscriptions held now (0 after the last body left): for leak tests. */
  get subscriptionCount(): number {
    return (this.contactOff ? 1 : 0) + (this.bodyOff ? 1 : 0) + (this.jointOff ? 1 : 0);
  }

  detach(): void {
    this.unsubscribe();
    this.client = null;
  }

  private unsubscribe(): void {
    this.contactOff?.();
    this.bodyOff?.();
    this.jointOff?.();
    this.contactOff = null;
    this.bodyOff = null;
    this.jointOff = null;
  }

  /** The body of a shape the main thread still knows (events can name shapes destroyed since). */
  private bodyOf(shape: number): BodyId | 0 {
    const client = this.client!;
    if (!client.isValidShape(shape as ShapeId)) return 0;
    return client.getShapeBody(shape as ShapeId);
  }

  private pair(
    a: number,
    b: number,
    pick: (h: BodyEventHandlers) => ((e: ContactEvent) => void) | undefined,
  ): void {
    const bodyA = this.bodyOf(a);
    const bodyB = this.bodyOf(b);
    if (bodyA === 0 || bodyB === 0) return;
    const handlerA = this.sinks.get(bodyA) && pick(this.sinks.get(bodyA)!.handlers());
    if (handlerA) handlerA(this.contactEvent(bodyA, bodyB, a, b));
    const handlerB = this.sinks.get(bodyB) && pick(this.sinks.get(bodyB)!.handlers());
    if (handlerB) handlerB(this.contactEvent(bodyB, bodyA, b, a));
  }

  private contactEvent(body: BodyId, other: BodyId, shape: number, otherShape: number): ContactEvent {
    return {
      body,
      other,
      shape: shape as ShapeId,
      otherShape: otherShape as ShapeId,
      otherUserData: this.client!.getBodyUserData(other),
      index: this.sinks.get(body)?.index,
      otherIndex: this.sinks.get(other)?.index,
    };
  }

  private readonly onContact = (e: ContactEvents): void => {
    for (let i = 0; i < e.beginCount; i++) {
      this.pair(e.beginShapeA[i]!, e.beginShapeB[i]!, (h) => h.onContactBegin);
    }
    for (let i = 0; i < e.endCount; i++) {
      this.pair(e.endShapeA[i]!, e.endShapeB[i]!, (h) => h.onContactEnd);
    }
    for (let i = 0; i < e.hitCount; i++) {
      const point = { x: e.hitPointX[i]!, y: e.hitPointY[i]! };
      const normal = { x: e.hitNormalX[i]!, y: e.hitNormalY[i]! };
      const speed = e.hitSpeed[i]!;
      this.pair(e.hitShapeA[i]!, e.hitShapeB[i]!, (h) =>
        h.onHit ? (c: ContactEvent) => h.onHit!({ ...c, point, normal, speed }) : undefined,
      );
    }
    for (let i = 0; i < e.sensorBeginCount; i++) {
      this.sensor(e.sensorBeginSensor[i]!, e.sensorBeginVisitor[i]!, (h) => h.onSensorEnter);
    }
    for (let i = 0; i < e.sensorEndCount; i++) {
      this.sensor(e.sensorEndSensor[i]!, e.sensorEndVisitor[i]!, (h) => h.onSensorExit);
    }
  };

  private sensor(
    sensorShape: number,
    visitorShape: number,
    pick: (h: BodyEventHandlers) => ((e: ContactEvent) => void) | undefined,
  ): void {
    const sensorBody = this.bodyOf(sensorShape);
    const visitorBody = this.bodyOf(visitorShape);
    if (sensorBody === 0 || visitorBody === 0) return;
    const sink = this.sinks.get(sensorBody);
    const handler = sink && pick(sink.handlers());
    if (handler) handler(this.contactEvent(sensorBody, visitorBody, sensorShape, visitorShape));
  }

  private readonly onJoint = (e: JointEvents): void => {
    for (const joint of e.broken) this.jointSinks.get(joint)?.onBreak()?.(joint);
  };

  private readonly onBody = (e: BodyEvents): void => {
    for (let i = 0; i < e.bodyCount; i++) {
      const body = e.body[i]! as BodyId;
      const sink = this.sinks.get(body);
      if (!sink) continue;
      const h = sink.handlers();
      if (e.bodyAwake[i] === 1) h.onWake?.(body, sink.index);
      else h.onSleep?.(body, sink.index);
    }
  };
}
