import { BodyType, makeBox, World } from '@impulse/core';
import { describe, expect, it } from 'vitest';
import type { PhysicsClient } from '../src/index';
import { buildColumn, countedWorker, createTestWorker, disposeAfterEach, records, stepBoth } from './support';

const keep = disposeAfterEach();

type Target = World | PhysicsClient;

/** A few bodies, a mouse joint on one and a motor on a wheel, driven every step. */
function drivenScene(t: Target) {
  const ids = buildColumn(t, 4);
  const ground = t.createBody();
  const wheel = t.createBody({ type: BodyType.Dynamic, position: { x: 5, y: 3 } });
  t.createPolygonShape(wheel, makeBox(0.4, 0.4));
  const motor = t.createRevoluteJoint({
    bodyA: ground,
    bodyB: wheel,
    localAnchorA: { x: 5, y: 3 },
    enableMotor: true,
    maxMotorTorque: 50,
  });
  const mouse = t.createMouseJoint({
    bodyA: ground,
    bodyB: ids[3]!,
    target: t.getBodyPosition(ids[3]!),
    maxForce: 500,
  });
  return { ids, wheel, motor, mouse };
}

function drive(t: Target, scene: ReturnType<typeof drivenScene>, step: number): void {
  const { ids, wheel, motor, mouse } = scene;
  t.applyBodyForceToCenter(ids[0]!, { x: 20 * Math.sin(step / 10), y: 0 });
  t.applyBodyForce(ids[1]!, { x: 0, y: 15 }, { x: 0.3, y: 3 });
  t.applyBodyTorque(ids[2]!, step % 7);
  if (step % 30 === 0) t.applyBodyLinearImpulseToCenter(ids[1]!, { x: 1, y: 2 });
  if (step % 45 === 0) t.setBodyLinearVelocity(ids[2]!, { x: -1, y: 0.5 });
  if (step % 50 === 0) t.setBodyAngularVelocity(ids[0]!, 1);
  if (step % 70 === 0) t.applyBodyAngularImpulse(ids[2]!, 0.3);
  t.setJointParams(mouse, { target: { x: 2 * Math.cos(step / 20), y: 6 + Math.sin(step / 15) } });
  t.setJointParams(motor, { motorSpeed: step % 100 < 50 ? 3 : -3 });
  if (step === 80) t.setBodyTransform(wheel, { x: 5, y: 4 }, 0.5);
  if (step === 90) t.setBodyAwake(ids[0]!, true);
}

describe('the input ring', () => {
  it('gives bit-identical results to the same inputs on an inline World', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    const world = new World();
    const a = drivenScene(physics);
    const b = drivenScene(world);
    expect(a).toEqual(b);
    for (let step = 0; step < 200; step++) {
      drive(physics, a, step);
      drive(world, b, step);
      await stepBoth(physics, world, 1);
    }
    expect(records(physics)).toEqual(records(world));
    expect(await physics.stateHash()).toBe(world.stateHash());
  });

  it('keeps the order of a body created and pushed in the same task', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    const world = new World();
    for (const t of [physics, world] as Target[]) {
      t.setBodyLinearVelocity(buildColumn(t, 1)[0]!, { x: 1, y: 0 }); // through the ring: before any message
      const late = t.createBody({ type: BodyType.Dynamic, position: { x: 3, y: 5 } });
      t.createPolygonShape(late, makeBox(0.5, 0.5));
      t.applyBodyLinearImpulseToCenter(late, { x: 4, y: 0 }); // after a queued create: in the message
    }
    await stepBoth(physics, world, 30);
    expect(records(physics)).toEqual(records(world));
  });

  it('sends no message while every body is pushed every frame', async () => {
    const { physics, counts } = countedWorker();
    const scene = drivenScene(physics);
    await physics.flush();
    const before = { ...counts };
    const y0 = physics.getBodyPosition(scene.ids[1]!).y;
    for (let frame = 0; frame < 40; frame++) {
      for (const id of scene.ids) physics.applyBodyForceToCenter(id, { x: 0, y: 200 });
      drive(physics, scene, frame);
      await new Promise((r) => setTimeout(r, 16));
    }
    expect(counts).toEqual(before);
    expect(physics.getBodyPosition(scene.ids[1]!).y).toBeGreaterThan(y0 + 0.5); // the pushes arrived
  });
});
