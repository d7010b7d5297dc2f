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
  | 'getUserData'
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
    this.refresh();
  }

  set(body: BodyId, sink: EventSink): void {
    this.sinks.set(body, sink);
    this.refresh();
  }

  /** The sink registered for a body (its handle), if any. */
  sink(body: BodyId): EventSink | undefined {
    return this.sinks.get(body);
  }

  delete(body: BodyId): void {
    if (this.sinks.delete(body)) this.refresh();
  }

  setJoint(joint: JointId, sink: JointEventSink): void {
    this.jointSinks.set(joint, sink);
    this.refresh();
  }

  deleteJoint(joint: JointId): void {
    if (this.jointSinks.delete(joint)) this.refresh();
  }

  /** Call when a sink's handlers changed from none to some or back. */
  refresh(): void {
    const client = this.client;
    if (client === null) return;
    let breaks = false;
    for (const sink of this.jointSinks.values()) {
      if (sink.onBreak()) {
        breaks = true;
        break;
      }
    }
    if (breaks && !this.jointOff) this.jointOff = client.onJointEvents(this.onJoint);
    if (!breaks && this.jointOff) {
      this.jointOff();
      this.jointOff = null;
    }
    let contact = false;
    let sleep = false;
    for (const sink of this.sinks.values()) {
      const h = sink.handlers();
      if (h.onContactBegin || h.onContactEnd || h.onHit || h.onSensorEnter || h.onSensorExit) contact = true;
      if (h.onSleep || h.onWake) sleep = true;
      if (contact && sleep) break;
    }
    if (contact && !this.contactOff) this.contactOff = client.onContactEvents(this.onContact);
    if (!contact && this.contactOff) {
      this.contactOff();
      this.contactOff = null;
    }
    if (sleep && !this.bodyOff) this.bodyOff = client.onBodyEvents(this.onBody);
    if (!sleep && this.bodyOff) {
      this.bodyOff();
      this.bodyOff = null;
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
      otherUserData: this.client!.getUserData(other),
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
