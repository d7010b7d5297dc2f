import type RAPIER_TYPES from '@dimforge/rapier2d-compat';
import type { BuiltScene, EngineAdapter } from '../engine';
import { type BodiesDesc, DENSITY, FRICTION, GRAVITY_Y, type SceneDesc, TIME_STEP } from '../scenes';
import type { BodySpec, JointSpec, ShapeSpec } from '../scenes_box2d';
import { buildBodyList, trackedScene } from './adapter_kit';

/** The module of @dimforge/rapier2d-compat (the SIMD build has the same API for what we use). */
export type RapierModule = typeof RAPIER_TYPES;

/** Circles of the joint grid: member of group 2, colliding with everything but group 2. */
const GRID_GROUPS = (0x0002 << 16) | 0xfffd;

/**
 * Rapier at its defaults (dt 1/60, 4 solver iterations, 1 internal PGS iteration, friction
 * combined by average — the same 0.6 here), sleep off.
 */
export function rapierAdapter(R: RapierModule, id: string, name: string): EngineAdapter {
  return {
    id,
    name,
    settings:
      'World defaults: timestep 1/60, numSolverIterations 4, numInternalPgsIterations 1, CCD off; canSleep false; joints JointData.revolute',
    build(desc: SceneDesc): BuiltScene {
      if (desc.kind === 'bodies') return buildBodies(R, desc);
      const world = new R.World({ x: 0, y: GRAVITY_Y });
      world.timestep = TIME_STEP;
      const tracked: RAPIER_TYPES.RigidBody[] = [];
      let tumbler: RAPIER_TYPES.RigidBody | null = null;
      const dynamicAt = (x: number, y: number): RAPIER_TYPES.RigidBody =>
        world.createRigidBody(R.RigidBodyDesc.dynamic().setTranslation(x, y).setCanSleep(false));
      // the dynamic boxes of a box scene and of the tumbler
      const addBoxes = (d: { halfSize: number; boxes: ArrayLike<number> }): void => {
        for (let i = 0; i < d.boxes.length; i += 2) {
          const body = dynamicAt(d.boxes[i]!, d.boxes[i + 1]!);
          const box = R.ColliderDesc.cuboid(d.halfSize, d.halfSize).setDensity(DENSITY).setFriction(FRICTION);
          world.createCollider(box, body);
          tracked.push(body);
        }
      };
      if (desc.kind === 'boxes') {
        const ground = world.createRigidBody(R.RigidBodyDesc.fixed());
        for (const s of desc.statics) {
          const c =
            s.type === 'box'
              ? R.ColliderDesc.cuboid(s.hx, s.hy).setTranslation(s.cx, s.cy)
              : R.ColliderDesc.segment({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 });
          world.createCollider(c.setFriction(FRICTION), ground);
        }
        addBoxes(desc);
      } else if (desc.kind === 'jointGrid') {
        const n = desc.pinned.length;
        for (let i = 0; i < n; i++) {
          const x = desc.positions[2 * i]!;
          const y = desc.positions[2 * i + 1]!;
          const body =
            desc.pinned[i] === 1
              ? world.createRigidBody(R.RigidBodyDesc.fixed().setTranslation(x, y))
              : dynamicAt(x, y);
          world.createCollider(
            R.ColliderDesc.ball(desc.radius).setDensity(DENSITY).setCollisionGroups(GRID_GROUPS),
            body,
          );
          tracked.push(body);
        }
        const j = desc.joints;
        for (let k = 0; k < j.length; k += 6) {
          const data = R.JointData.revolute({ x: j[k + 2]!, y: j[k + 3]! }, { x: j[k + 4]!, y: j[k + 5]! });
          world.createImpulseJoint(data, tracked[j[k]!]!, tracked[j[k + 1]!]!, true);
        }
      } else {
        tumbler = world.createRigidBody(
          R.RigidBodyDesc.kinematicVelocityBased()
            .setTranslation(desc.centerX, desc.centerY)
            .setAngvel(desc.angularSpeed)
            .setCanSleep(false),
        );
        for (const w of desc.walls) {
          world.createCollider(
            R.ColliderDesc.cuboid(w.hx, w.hy).setTranslation(w.cx, w.cy).setDensity(50).setFriction(FRICTION),
            tumbler,
          );
        }
        addBoxes(desc);
      }
      return trackedScene(() => world.step(), tracked, tumbler, readPose);
    },
  };
}

/** Writes the body's x, y, angle at out[3k], out[3k + 1], out[3k + 2]. */
function readPose(b: RAPIER_TYPES.RigidBody, out: Float64Array, k: number): void {
  const p = b.translation();
  out[3 * k] = p.x;
  out[3 * k + 1] = p.y;
  out[3 * k + 2] = b.rotation();
}

/**
 * Box2D's filter (category, mask, negative group) in Rapier's 16-bit collision groups, for
 * the two categories the scenes use: category 1 (the ground, and everything in smash and
 * spinner) is bit 0; a category-2 shape of group -k (a ragdoll's part, k = 1..14) is bit k,
 * one without a group bit 15. A mask with 2 lets in every category-2 bit but the shape's own
 * group's, so a human's parts pass through each other as in Box2D.
 */
export function rapierGroups(s: ShapeSpec, group: number): number {
  if (s.category !== 1 && s.category !== 2)
    throw new Error(`rapierGroups: category ${s.category} is not 1 or 2`);
  if (group < -14) throw new Error(`rapierGroups: group ${group} is below -14`);
  const own = s.category === 1 ? 1 : group < 0 ? 1 << -group : 1 << 15;
  let filter = s.mask & 1 ? 1 : 0;
  if (s.mask & 2) filter |= 0xfffe & ~(group < 0 && s.category === 2 ? own : 0);
  return ((own << 16) | filter) >>> 0;
}

function colliderDesc(R: RapierModule, s: ShapeSpec): RAPIER_TYPES.ColliderDesc {
  const g = s.geom;
  switch (g.type) {
    case 'circle':
      return R.ColliderDesc.ball(g.radius).setTranslation(g.x, g.y);
    case 'capsule': {
      const dx = g.x2 - g.x1;
      const dy = g.y2 - g.y1;
      // Rapier's capsule runs along y
      return R.ColliderDesc.capsule(0.5 * Math.hypot(dx, dy), g.radius)
        .setTranslation(0.5 * (g.x1 + g.x2), 0.5 * (g.y1 + g.y2))
        .setRotation(Math.atan2(dy, dx) - Math.PI / 2);
    }
    case 'polygon': {
      const pts = Float32Array.from(g.points);
      const d = g.radius > 0 ? R.ColliderDesc.roundConvexHull(pts, g.radius) : R.ColliderDesc.convexHull(pts);
      if (d === null) throw new Error('colliderDesc: the polygon has no hull');
      return d;
    }
    case 'loop': {
      const n = g.points.length / 2;
      const indices = new Uint32Array(2 * n);
      for (let i = 0; i < n; i++) {
        indices[2 * i] = i;
        indices[2 * i + 1] = (i + 1) % n;
      }
      return R.ColliderDesc.polyline(Float32Array.from(g.points), indices);
    }
  }
}

function addBody(
  R: RapierModule,
  world: RAPIER_TYPES.World,
  b: BodySpec,
  ox: number,
  oy: number,
  group: number,
): RAPIER_TYPES.RigidBody {
  const d = b.dynamic ? R.RigidBodyDesc.dynamic().setCanSleep(false) : R.RigidBodyDesc.fixed();
  const body = world.createRigidBody(
    d
      .setTranslation(b.x + ox, b.y + oy)
      .setLinvel(b.vx, 0)
      .setLinearDamping(b.linearDamping),
  );
  for (const s of b.shapes) {
    world.createCollider(
      colliderDesc(R, s)
        .setDensity(s.density)
        .setFriction(s.friction)
        .setRestitution(s.restitution)
        .setCollisionGroups(rapierGroups(s, group === 0 ? s.group : group)),
      body,
    );
  }
  return body;
}

/**
 * A revolute joint. Rapier measures the angle from the bodies' frames at zero, so limits
 * move by the reference angle; it has one motor per axis, so a spring (as an
 * acceleration-based motor toward the reference angle) replaces a friction motor, and a
 * motor of unbounded torque is a stiff velocity motor.
 */
function addJoint(
  R: RapierModule,
  world: RAPIER_TYPES.World,
  j: JointSpec,
  bodies: readonly RAPIER_TYPES.RigidBody[],
): void {
  const data = R.JointData.revolute({ x: j.ax, y: j.ay }, { x: j.bx, y: j.by });
  const joint = world.createImpulseJoint(
    data,
    bodies[j.a]!,
    bodies[j.b]!,
    true,
  ) as RAPIER_TYPES.RevoluteImpulseJoint;
  if (j.limit !== null) joint.setLimits(j.limit.lower + j.referenceAngle, j.limit.upper + j.referenceAngle);
  if (j.spring !== null) {
    const w = 2 * Math.PI * j.spring.hertz;
    joint.configureMotor(j.referenceAngle, 0, w * w, 2 * j.spring.dampingRatio * w);
  } else if (j.motor !== null) {
    joint.configureMotorVelocity(j.motor.speed, 1e4);
  }
}

/** Rain, smash and spinner: the generic body list, and rain's drops between steps. */
function buildBodies(R: RapierModule, desc: BodiesDesc): BuiltScene {
  const world = new R.World({ x: 0, y: desc.gravityY });
  world.timestep = TIME_STEP;
  return buildBodyList<RAPIER_TYPES.RigidBody>(desc, {
    add: (b, ox, oy, group) => addBody(R, world, b, ox, oy, group),
    join: (j, bodies) => addJoint(R, world, j, bodies),
    remove: (b) => world.removeRigidBody(b),
    readPose,
    step: () => world.step(),
  });
}
