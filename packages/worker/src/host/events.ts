/**
 * Step events as they cross the thread boundary: copies of the core's event arrays cut to
 * their counts (the core's own arrays are views it reuses every step), tagged with the
 * step that produced them. Only the kinds the main thread listens to are copied.
 */
import type { BodyEvents, ContactEvents, JointEvents, World } from '@impulse/core';
import type { EventInterest, StepEvents } from '../protocol/host_messages.js';

function copyContactEvents(e: Readonly<ContactEvents>): ContactEvents | null {
  if (e.beginCount + e.endCount + e.hitCount + e.sensorBeginCount + e.sensorEndCount === 0) return null;
  return {
    beginCount: e.beginCount,
    beginShapeA: e.beginShapeA.slice(0, e.beginCount),
    beginShapeB: e.beginShapeB.slice(0, e.beginCount),
    endCount: e.endCount,
    endShapeA: e.endShapeA.slice(0, e.endCount),
    endShapeB: e.endShapeB.slice(0, e.endCount),
    hitCount: e.hitCount,
    hitShapeA: e.hitShapeA.slice(0, e.hitCount),
    hitShapeB: e.hitShapeB.slice(0, e.hitCount),
    hitPointX: e.hitPointX.slice(0, e.hitCount),
    hitPointY: e.hitPointY.slice(0, e.hitCount),
    hitNormalX: e.hitNormalX.slice(0, e.hitCount),
    hitNormalY: e.hitNormalY.slice(0, e.hitCount),
    hitSpeed: e.hitSpeed.slice(0, e.hitCount),
    sensorBeginCount: e.sensorBeginCount,
    sensorBeginSensor: e.sensorBeginSensor.slice(0, e.sensorBeginCount),
    sensorBeginVisitor: e.sensorBeginVisitor.slice(0, e.sensorBeginCount),
    sensorEndCount: e.sensorEndCount,
    sensorEndSensor: e.sensorEndSensor.slice(0, e.sensorEndCount),
    sensorEndVisitor: e.sensorEndVisitor.slice(0, e.sensorEndCount),
  };
}

function copyBodyEvents(e: Readonly<BodyEvents>): BodyEvents | null {
  if (e.bodyCount === 0) return null;
  // Moved bodies are published in the frame buffer (Record.Moved): not copied here.
  return {
    bodyCount: e.bodyCount,
    body: e.body.slice(0, e.bodyCount),
    bodyAwake: e.bodyAwake.slice(0, e.bodyCount),
    moveCount: 0,
    moveBody: new Float64Array(0),
  };
}

/** The events of the step just taken that the main thread listens to; null when there are none. */
export function collectStepEvents(world: World, interest: EventInterest, step: number): StepEvents | null {
  const contact = interest.contact ? copyContactEvents(world.getContactEvents()) : null;
  const body = interest.body ? copyBodyEvents(world.getBodyEvents()) : null;
  let joint: JointEvents | null = null;
  if (interest.joint) {
    const e = world.getJointEvents();
    if (e.broken.length + e.removed.length > 0) joint = e;
  }
  if (!contact && !body && !joint) return null;
  return { step, contact, body, joint };
}
