/** Helpers shared by the joint tests. */

import { type BodyId, BodyType, type JointId, makeBox, type World } from '../../src/index';

export const TWO_PI = 2 * Math.PI;

/** A dynamic box of the given mass (kg) with half extents hx, hy. */
export function addBlock(world: World, x: number, y: number, hx: number, hy: number, mass: number): BodyId {
  const b = world.createBody({ type: BodyType.Dynamic, position: { x, y } });
  world.createPolygonShape(b, makeBox(hx, hy), { density: mass / (4 * hx * hy) });
  return b;
}

export const LOG = process.env.JOINT_LOG === '1';

/** A dynamic 1 m x 1 m box of density 1 (1 kg). */
export function box(world: World, x: number, y: number, vx = 0, vy = 0) {
  const b = world.createBody({
    type: BodyType.Dynamic,
    position: { x, y },
    linearVelocity: { x: vx, y: vy },
  });
  world.createPolygonShape(b, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
  return b;
}

export function forceLength(world: World, j: JointId): number {
  const f = world.getJointConstraintForce(j);
  return Math.sqrt(f.x * f.x + f.y * f.y);
}

export function distance(a: { x: number; y: number }, x: number, y: number): number {
  return Math.sqrt((a.x - x) * (a.x - x) + (a.y - y) * (a.y - y));
}

export const G = 10;

/** omega of the rigid joint axes at the default settings (60 Hz, 4 sub-steps). */
export const JOINT_OMEGA = 2 * Math.PI * Math.min(60, (4 * 60) / 4);

export function allFinite(world: World, bodies: readonly BodyId[]): boolean {
  for (const b of bodies) {
    const p = world.getBodyPosition(b);
    const v = world.getBodyLinearVelocity(b);
    const values = [p.x, p.y, world.getBodyAngle(b), v.x, v.y, world.getBodyAngularVelocity(b)];
    if (!values.every(Number.isFinite)) return false;
  }
  return true;
}
