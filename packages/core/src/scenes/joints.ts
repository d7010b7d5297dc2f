/**
 * Jointed scenes: chains, bridges, ragdolls, hinges, the joint grid, a car, a net of every
 * row kind; and the revolute helpers they share.
 */

import type { World } from '../world.js';
import { makeBox, makeCapsule, makeCircle, makeOffsetBox } from '../geometry/geometry.js';
import { cosSin, CosSin } from '../base/math.js';
import { addGround, type Vec } from './common.js';
import type { BodyId } from '../types/ids.js';
import { BodyType } from '../types/body_def.js';

// ------------------------------------------------------------------ joint scenes

/** One joint made by a scene builder, with its local anchors (getJointParams has none). */
export interface SceneJoint {
  id: ReturnType<World['createRevoluteJoint']>;
  bodyA: BodyId;
  bodyB: BodyId;
  /** Anchor in body A's frame (relative to its origin). */
  localAnchorA: Vec;
  /** Anchor in body B's frame. */
  localAnchorB: Vec;
}

/** Revolute parameters a scene may pass on (everything but the bodies and anchors). */
export type SceneRevoluteParams = Omit<
  Parameters<World['createRevoluteJoint']>[0],
  'bodyA' | 'bodyB' | 'localAnchorA' | 'localAnchorB'
>;

/** Creates a revolute joint from local anchors and returns its record. */
export function addRevoluteJoint(
  world: World,
  bodyA: BodyId,
  bodyB: BodyId,
  localAnchorA: Vec,
  localAnchorB: Vec,
  params: SceneRevoluteParams = {},
): SceneJoint {
  const id = world.createRevoluteJoint({ ...params, bodyA, bodyB, localAnchorA, localAnchorB });
  return { id, bodyA, bodyB, localAnchorA: { ...localAnchorA }, localAnchorB: { ...localAnchorB } };
}

/** Creates a revolute joint pinning two bodies together at a world point. */
export function addRevoluteJointAt(
  world: World,
  bodyA: BodyId,
  bodyB: BodyId,
  pivot: Vec,
  params: SceneRevoluteParams = {},
): SceneJoint {
  return addRevoluteJoint(
    world,
    bodyA,
    bodyB,
    world.getBodyLocalPoint(bodyA, pivot),
    world.getBodyLocalPoint(bodyB, pivot),
    params,
  );
}

/** Distance (m) between the two world anchors of a joint: zero for a perfect point joint. */
export function jointGap(world: World, joint: SceneJoint): number {
  const pA = world.getBodyWorldPoint(joint.bodyA, joint.localAnchorA);
  const pB = world.getBodyWorldPoint(joint.bodyB, joint.localAnchorB);
  return Math.sqrt((pB.x - pA.x) * (pB.x - pA.x) + (pB.y - pA.y) * (pB.y - pA.y));
}

/** The largest anchor gap (m) over the joints; joints destroyed since are skipped. */
export function maxJointGap(world: World, joints: readonly SceneJoint[]): number {
  let worst = 0;
  for (const joint of joints) {
    if (!world.isValidJoint(joint.id)) continue;
    const gap = jointGap(world, joint);
    if (gap > worst) worst = gap;
  }
  return worst;
}

/** Options of `chainScene`. */
export interface ChainSceneOptions {
  /** Number of links. Default 20. */
  links?: number;
  /** Distance between the two pivots of a link (m). Default 1. */
  linkLength?: number;
  /** Link shape: a capsule (round ends past the pivots) or a box. Default 'capsule'. */
  shape?: 'capsule' | 'box';
  /** Capsule radius, or half thickness of a box (m). Default 0.125. */
  radius?: number;
  /** Density of the links (kg/m^2). Default 20. */
  density?: number;
  /** The last link's density is `endMassRatio` times the others' (same shape). Default 1. */
  endMassRatio?: number;
  /** Default 0.6. */
  friction?: number;
  /** World position of the static anchor, the first pivot. Default (0, 20). */
  anchor?: Vec;
  /** Direction in which the chain runs from the anchor (rad). Default 0: horizontal, +x. */
  angle?: number;
  /** Let the links sleep. Default true. */
  enableSleep?: boolean;
}

/**
 * A chain of `links` links hung from a static anchor body by revolute joints, laid out in
 * a straight line from the anchor (horizontally by default, at rest). Link i spans pivots
 * i and i + 1; joint 0 pins link 0 to the anchor, joint i pins link i to link i - 1. The
 * shapes of adjacent links overlap at the pivots and do not collide (collideConnected
 * false); other links do.
 */
export function chainScene(
  world: World,
  opts: ChainSceneOptions = {},
): { anchor: BodyId; links: BodyId[]; joints: SceneJoint[] } {
  const n = opts.links ?? 20;
  const len = opts.linkLength ?? 1;
  const r = opts.radius ?? 0.125;
  const density = opts.density ?? 20;
  const endRatio = opts.endMassRatio ?? 1;
  const friction = opts.friction ?? 0.6;
  const ax = opts.anchor?.x ?? 0;
  const ay = opts.anchor?.y ?? 20;
  const angle = opts.angle ?? 0;
  const dir = cosSin(angle, new CosSin());
  const anchor = world.createBody({ position: { x: ax, y: ay } });
  const box = makeBox(0.5 * len, r);
  const capsule = makeCapsule(-0.5 * len, 0, 0.5 * len, 0, r);
  const links: BodyId[] = [];
  const joints: SceneJoint[] = [];
  let prev = anchor;
  for (let i = 0; i < n; i++) {
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: ax + (i + 0.5) * len * dir.c, y: ay + (i + 0.5) * len * dir.s },
      angle,
      enableSleep: opts.enableSleep ?? true,
    });
    const shapeDef = { density: i === n - 1 ? density * endRatio : density, friction };
    if (opts.shape === 'box') world.createPolygonShape(body, box, shapeDef);
    else world.createCapsuleShape(body, capsule, shapeDef);
    // pivot i: the anchor's origin for the first link, else the previous link's +x end
    const localA = i === 0 ? { x: 0, y: 0 } : { x: 0.5 * len, y: 0 };
    joints.push(addRevoluteJoint(world, prev, body, localA, { x: -0.5 * len, y: 0 }));
    links.push(body);
    prev = body;
  }
  return { anchor, links, joints };
}

/** Options of `bridgeScene`. */
export interface BridgeSceneOptions {
  /** Number of planks. Default 160. */
  planks?: number;
  /** Length of a plank, pivot to pivot (m). Default 1. */
  plankLength?: number;
  /** Half thickness of a plank (m). Default 0.125. */
  halfThickness?: number;
  /** Plank density (kg/m^2). Default 20. */
  density?: number;
  /** Height of the deck (m). Default 20. */
  height?: number;
  /** Add a ground box (top at y = 0) under the bridge. Default false: the deck hangs free. */
  ground?: boolean;
}

/**
 * A rope bridge: `planks` box planks pinned end to end by revolute joints, the first
 * and the last pinned to two static piers. The deck starts straight, centered on x = 0,
 * and exactly as long as the span, so it sags only as far as the soft joints stretch.
 * Joint i (0 <= i <= planks) is the pivot at x = -planks*plankLength/2 + i*plankLength.
 */
export function bridgeScene(
  world: World,
  opts: BridgeSceneOptions = {},
): { left: BodyId; right: BodyId; planks: BodyId[]; joints: SceneJoint[] } {
  const n = opts.planks ?? 160;
  const len = opts.plankLength ?? 1;
  const t = opts.halfThickness ?? 0.125;
  const density = opts.density ?? 20;
  const y = opts.height ?? 20;
  const x0 = -0.5 * n * len;
  if (opts.ground ?? false) addGround(world, 0.5 * n * len + 10);
  // piers: static blocks just outside the span, their origins at the end pivots
  const left = world.createBody({ position: { x: x0, y } });
  world.createPolygonShape(left, makeOffsetBox(0.5, 0.5, -0.5 - t, -0.5 - t, 0));
  const right = world.createBody({ position: { x: -x0, y } });
  world.createPolygonShape(right, makeOffsetBox(0.5, 0.5, 0.5 + t, -0.5 - t, 0));
  const plank = makeBox(0.5 * len, t);
  const planks: BodyId[] = [];
  const joints: SceneJoint[] = [];
  let prev = left;
  for (let i = 0; i < n; i++) {
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: x0 + (i + 0.5) * len, y } });
    world.createPolygonShape(body, plank, { density, friction: 0.6 });
    const localA = i === 0 ? { x: 0, y: 0 } : { x: 0.5 * len, y: 0 };
    joints.push(addRevoluteJoint(world, prev, body, localA, { x: -0.5 * len, y: 0 }));
    planks.push(body);
    prev = body;
  }
  joints.push(addRevoluteJoint(world, prev, right, { x: 0.5 * len, y: 0 }, { x: 0, y: 0 }));
  return { left, right, planks, joints };
}

/** Options of `ragdollScene`. */
export interface RagdollSceneOptions {
  /** Where the feet are when standing (m). Default (0, 5). */
  position?: Vec;
  /** Size factor: 1 is about 1.7 m tall. Default 1. */
  scale?: number;
  /** Joint friction: a motor of speed 0 and this largest torque (N m, times scale). Default 0. */
  jointFriction?: number;
  /** The parts share filter group -group and never collide with each other. Default 1. */
  group?: number;
  /** Add a ground box (top at y = 0). Default true. */
  ground?: boolean;
}

/** The bodies of a ragdoll, by part. */
export interface RagdollBodies {
  torso: BodyId;
  head: BodyId;
  upperArmL: BodyId;
  lowerArmL: BodyId;
  upperArmR: BodyId;
  lowerArmR: BodyId;
  upperLegL: BodyId;
  lowerLegL: BodyId;
  upperLegR: BodyId;
  lowerLegR: BodyId;
}

/**
 * A ragdoll standing upright: torso, head, upper and lower arms and legs (capsules and a
 * circle), joined by revolute joints with angle limits (neck, shoulders, elbows, hips,
 * knees) and collideConnected false. The parts share a negative filter group, so limbs
 * pass through each other but collide with everything else.
 */
export function ragdollScene(
  world: World,
  opts: RagdollSceneOptions = {},
): { ground: BodyId | null; bodies: RagdollBodies; bodyList: BodyId[]; joints: SceneJoint[] } {
  const s = opts.scale ?? 1;
  const px = opts.position?.x ?? 0;
  const py = opts.position?.y ?? 5;
  const friction = (opts.jointFriction ?? 0) * s;
  const group = opts.group ?? 1;
  const ground = (opts.ground ?? true) ? addGround(world, 20) : null;
  const shapeDef = {
    density: 1,
    friction: 0.6,
    filter: { categoryBits: 1, maskBits: 0xffffffff, groupIndex: -group },
  };
  const bodyList: BodyId[] = [];
  const part = (y: number, halfLength: number, radius: number): BodyId => {
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: px, y: py + y * s } });
    if (halfLength === 0) world.createCircleShape(body, makeCircle(0, 0, radius * s), shapeDef);
    else
      world.createCapsuleShape(
        body,
        makeCapsule(0, -halfLength * s, 0, halfLength * s, radius * s),
        shapeDef,
      );
    bodyList.push(body);
    return body;
  };
  const joints: SceneJoint[] = [];
  const hinge = (a: BodyId, b: BodyId, y: number, lower: number, upper: number): void => {
    joints.push(
      addRevoluteJointAt(
        world,
        a,
        b,
        { x: px, y: py + y * s },
        {
          enableLimit: true,
          lowerAngle: lower * Math.PI,
          upperAngle: upper * Math.PI,
          enableMotor: friction > 0,
          motorSpeed: 0,
          maxMotorTorque: friction,
        },
      ),
    );
  };
  // heights of part centers and pivots above the feet, for scale 1
  const torso = part(1.15, 0.2, 0.12);
  const head = part(1.6, 0, 0.11);
  const upperArmL = part(1.2, 0.12, 0.045);
  const lowerArmL = part(0.93, 0.12, 0.04);
  const upperArmR = part(1.2, 0.12, 0.045);
  const lowerArmR = part(0.93, 0.12, 0.04);
  const upperLegL = part(0.7, 0.15, 0.065);
  const lowerLegL = part(0.3, 0.17, 0.055);
  const upperLegR = part(0.7, 0.15, 0.065);
  const lowerLegR = part(0.3, 0.17, 0.055);
  hinge(torso, head, 1.48, -0.25, 0.15);
  hinge(torso, upperArmL, 1.35, -0.1, 0.8);
  hinge(upperArmL, lowerArmL, 1.065, 0, 0.6);
  hinge(torso, upperArmR, 1.35, -0.8, 0.1);
  hinge(upperArmR, lowerArmR, 1.065, -0.6, 0);
  hinge(torso, upperLegL, 0.88, -0.1, 0.5);
  hinge(upperLegL, lowerLegL, 0.5, -0.5, 0);
  hinge(torso, upperLegR, 0.88, -0.5, 0.1);
  hinge(upperLegR, lowerLegR, 0.5, 0, 0.5);
  const bodies: RagdollBodies = {
    torso,
    head,
    upperArmL,
    lowerArmL,
    upperArmR,
    lowerArmR,
    upperLegL,
    lowerLegL,
    upperLegR,
    lowerLegR,
  };
  return { ground, bodies, bodyList, joints };
}

/** Options of `hingesScene`. */
export interface HingesSceneOptions {
  /** Number of hinged pairs. Default 8. */
  count?: number;
  /** Height of the hinges above the ground (m). Default 4. */
  height?: number;
  /** Length of each stick (m). Default 1.5. */
  stickLength?: number;
}

/**
 * Hinged pairs of sticks falling onto the ground, side by side: in pair i the two sticks
 * are pinned at their shared end, start bent at different angles and spinning, and every
 * other pair has a limit of +-pi/4 that starts violated by design for i = 0 (bent pi/2).
 */
export function hingesScene(
  world: World,
  opts: HingesSceneOptions = {},
): { ground: BodyId; sticks: BodyId[]; joints: SceneJoint[] } {
  const count = opts.count ?? 8;
  const height = opts.height ?? 4;
  const len = opts.stickLength ?? 1.5;
  const ground = addGround(world, Math.max(20, 2 * count * len));
  const stick = makeBox(0.5 * len, 0.08);
  const sticks: BodyId[] = [];
  const joints: SceneJoint[] = [];
  const cs = new CosSin();
  for (let i = 0; i < count; i++) {
    const hx = (i - 0.5 * (count - 1)) * 2.5 * len;
    const a = -0.5 + (0.4 * i) / Math.max(1, count - 1);
    const b = a + 0.5 * Math.PI - (Math.PI * i) / Math.max(1, count - 1);
    cosSin(a, cs);
    const left = world.createBody({
      type: BodyType.Dynamic,
      position: { x: hx - 0.5 * len * cs.c, y: height - 0.5 * len * cs.s },
      angle: a,
      angularVelocity: i % 3 === 0 ? 2 : 0,
    });
    world.createPolygonShape(left, stick, { density: 1 });
    cosSin(b, cs);
    const right = world.createBody({
      type: BodyType.Dynamic,
      position: { x: hx + 0.5 * len * cs.c, y: height + 0.5 * len * cs.s },
      angle: b,
    });
    world.createPolygonShape(right, stick, { density: 1 });
    const limited = i % 2 === 0;
    joints.push(
      addRevoluteJoint(
        world,
        left,
        right,
        { x: 0.5 * len, y: 0 },
        { x: -0.5 * len, y: 0 },
        { enableLimit: limited, lowerAngle: -0.25 * Math.PI, upperAngle: 0.25 * Math.PI },
      ),
    );
    sticks.push(left, right);
  }
  return { ground, sticks, joints };
}

/** Options of `jointGridScene`. */
export interface JointGridSceneOptions {
  /** Default 100. */
  rows?: number;
  /** Default 100. */
  columns?: number;
  /** World position of the top-left body. Default (0, 0). */
  origin?: Vec;
}

/**
 * The "joint grid" benchmark of Box2D v3: rows x columns circles (radius 0.4, density 1)
 * 1 m apart, row r at y = origin.y - r, column c at x = origin.x + c. Each body is joined
 * by a revolute joint to the body above it (anchors (0, -0.5) on the upper body, (0, 0.5)
 * on the lower) and to the one on its left ((0.5, 0) and (-0.5, 0)). The seven middle
 * bodies of the top row are static; the net hangs from them under gravity. The circles
 * are in category 2 and do not collide with each other, and never sleep. Bodies and
 * joints are created column by column, top to bottom (the benchmark's order).
 */
export function jointGridScene(
  world: World,
  opts: JointGridSceneOptions = {},
): { bodies: BodyId[]; joints: SceneJoint[]; rows: number; columns: number } {
  const rows = opts.rows ?? 100;
  const columns = opts.columns ?? 100;
  const ox = opts.origin?.x ?? 0;
  const oy = opts.origin?.y ?? 0;
  const circle = makeCircle(0, 0, 0.4);
  const shapeDef = { density: 1, filter: { categoryBits: 2, maskBits: 0xfffffffd, groupIndex: 0 } };
  const mid = Math.floor(columns / 2);
  // bodies[c * rows + r]
  const bodies: BodyId[] = [];
  const joints: SceneJoint[] = [];
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      const pinned = r === 0 && c >= mid - 3 && c <= mid + 3;
      const body = world.createBody({
        type: pinned ? BodyType.Static : BodyType.Dynamic,
        position: { x: ox + c, y: oy - r },
        enableSleep: false,
      });
      world.createCircleShape(body, circle, shapeDef);
      if (r > 0) {
        joints.push(
          addRevoluteJoint(world, bodies[bodies.length - 1]!, body, { x: 0, y: -0.5 }, { x: 0, y: 0.5 }),
        );
      }
      if (c > 0) {
        joints.push(
          addRevoluteJoint(world, bodies[bodies.length - rows]!, body, { x: 0.5, y: 0 }, { x: -0.5, y: 0 }),
        );
      }
      bodies.push(body);
    }
  }
  return { bodies, joints, rows, columns };
}

// ------------------------------------------------------------------ car (wheel joints)

/** Options of `carScene`. */
export interface CarSceneOptions {
  /** Mass of the chassis (kg), a box 2.5 m x 0.5 m. Default 4. */
  chassisMass?: number;
  /** Wheel radius (m). Default 0.4. */
  wheelRadius?: number;
  /** Wheel density (kg/m^2). Default 5. */
  wheelDensity?: number;
  /** Horizontal distance of each wheel from the chassis center (m). Default 1. */
  halfWheelbase?: number;
  /** Suspension stiffness (Hz). Default 4. */
  hertz?: number;
  /** Suspension damping ratio. Default 0.7. */
  dampingRatio?: number;
  /** Drive both wheels. Default false. */
  enableMotor?: boolean;
  /** Target wheel speed relative to the chassis (rad/s, negative rolls to +x). Default 0. */
  motorSpeed?: number;
  /** Motor torque limit per wheel (N m). Default 0. */
  maxMotorTorque?: number;
  /** Tyre friction. Default 0.9. */
  friction?: number;
  /** Add a static ground (200 m wide, top at origin.y). Default true. */
  ground?: boolean;
  /** Where the car stands: the wheels touch y = origin.y, centered on x = origin.x. */
  origin?: Vec;
}

/**
 * A two-wheeled car: a box chassis (2.5 m x 0.5 m) and two circular wheels on wheel
 * joints with a vertical suspension axis (0, 1) in the chassis frame. Each joint's anchors
 * are at the wheel center (chassis anchor (+-halfWheelbase, -0.5)), so the suspension
 * translation is 0 as built; the wheels touch the ground top at origin.y. Returns the
 * chassis, the wheels (rear = -x first) and the joints in the same order.
 */
export function carScene(
  world: World,
  opts: CarSceneOptions = {},
): {
  chassis: BodyId;
  wheels: BodyId[];
  joints: ReturnType<World['createWheelJoint']>[];
  ground: BodyId | null;
} {
  const mass = opts.chassisMass ?? 4;
  const radius = opts.wheelRadius ?? 0.4;
  const halfBase = opts.halfWheelbase ?? 1;
  const friction = opts.friction ?? 0.9;
  const ox = opts.origin?.x ?? 0;
  const oy = opts.origin?.y ?? 0;
  const ground = (opts.ground ?? true) ? addGround(world, 100, 0, ox, oy) : null;
  const halfW = 1.25;
  const halfH = 0.25;
  const chassisY = oy + radius + 0.5;
  const chassis = world.createBody({ type: BodyType.Dynamic, position: { x: ox, y: chassisY } });
  world.createPolygonShape(chassis, makeBox(halfW, halfH), {
    density: mass / (4 * halfW * halfH),
    friction: 0.6,
  });
  const wheel = makeCircle(0, 0, radius);
  const wheels: BodyId[] = [];
  const joints: ReturnType<World['createWheelJoint']>[] = [];
  for (const side of [-1, 1]) {
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: ox + side * halfBase, y: oy + radius },
    });
    world.createCircleShape(body, wheel, { density: opts.wheelDensity ?? 5, friction });
    wheels.push(body);
    joints.push(
      world.createWheelJoint({
        bodyA: chassis,
        bodyB: body,
        localAnchorA: { x: side * halfBase, y: -0.5 },
        localAnchorB: { x: 0, y: 0 },
        localAxisA: { x: 0, y: 1 },
        enableSpring: true,
        hertz: opts.hertz ?? 4,
        dampingRatio: opts.dampingRatio ?? 0.7,
        enableMotor: opts.enableMotor ?? false,
        motorSpeed: opts.motorSpeed ?? 0,
        maxMotorTorque: opts.maxMotorTorque ?? 0,
      }),
    );
  }
  return { chassis, wheels, joints, ground };
}

// ------------------------------------------------------------------ every joint kind at once

/** Options of `jointMixScene`. */
export interface JointMixSceneOptions {
  /** Spokes on the hub (more than 24 puts some of its joints in the joint overflow). Default 30. */
  spokes?: number;
  /** Where the scene's middle is. Default (0, 0). */
  origin?: Vec;
}

/**
 * Every joint kind in one world, for the parallel step's bit tests: a small joint grid
 * (plain revolute joints), a hanging chain, hinged sticks with limits, a car on wheel joints,
 * and a spinning hub on a motorised pivot with `spokes` balls around it, each held by a
 * joint of a kind in turn (plain revolute, revolute spring, distance, weld, prismatic, motor)
 * and every ball pinned to the next by a plain revolute joint, so the hub carries more
 * joints than there are colours.
 */
export function jointMixScene(world: World, opts: JointMixSceneOptions = {}): void {
  const ox = opts.origin?.x ?? 0;
  const oy = opts.origin?.y ?? 0;
  const spokes = opts.spokes ?? 30;
  jointGridScene(world, { rows: 6, columns: 8, origin: { x: ox - 30, y: oy + 20 } });
  chainScene(world, { links: 12, anchor: { x: ox - 10, y: oy + 20 }, enableSleep: false });
  hingesScene(world, { count: 4 });
  carScene(world, {
    origin: { x: ox + 60, y: oy - 20 },
    enableMotor: true,
    motorSpeed: -4,
    maxMotorTorque: 5,
  });
  const pivot = world.createBody({ type: BodyType.Static, position: { x: ox + 20, y: oy + 20 } });
  const hub = world.createBody({
    type: BodyType.Dynamic,
    position: { x: ox + 20, y: oy + 20 },
    enableSleep: false,
  });
  world.createPolygonShape(hub, makeBox(0.5, 0.5), { density: 2 });
  addRevoluteJoint(
    world,
    pivot,
    hub,
    { x: 0, y: 0 },
    { x: 0, y: 0 },
    {
      enableMotor: true,
      motorSpeed: 2,
      maxMotorTorque: 500,
    },
  );
  const ball = makeCircle(0, 0, 0.2);
  const direction = new CosSin();
  const balls: BodyId[] = [];
  for (let i = 0; i < spokes; i++) {
    cosSin((2 * Math.PI * i) / spokes, direction);
    const at = { x: 3 * direction.c, y: 3 * direction.s };
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: ox + 20 + at.x, y: oy + 20 + at.y },
      enableSleep: false,
    });
    world.createCircleShape(body, ball, { density: 1 });
    const bodyA = hub;
    const bodyB = body;
    switch (i % 6) {
      case 0:
        addRevoluteJoint(world, hub, body, at, { x: 0, y: 0 });
        break;
      case 1:
        addRevoluteJoint(
          world,
          hub,
          body,
          at,
          { x: 0, y: 0 },
          { enableSpring: true, hertz: 3, dampingRatio: 0.2 },
        );
        break;
      case 2:
        world.createDistanceJoint({ bodyA, bodyB, localAnchorA: { x: 0, y: 0 }, length: 3 });
        break;
      case 3:
        world.createWeldJoint({ bodyA, bodyB, localAnchorA: at });
        break;
      case 4:
        world.createPrismaticJoint({
          bodyA,
          bodyB,
          localAnchorA: at,
          localAxisA: { x: direction.c, y: direction.s },
        });
        break;
      default:
        world.createMotorJoint({ bodyA, bodyB, linearOffset: at, maxForce: 200, maxTorque: 20 });
        break;
    }
    balls.push(body);
  }
  for (let i = 0; i < spokes; i++) {
    const a = balls[i]!;
    const b = balls[(i + 1) % spokes]!;
    addRevoluteJointAt(world, a, b, world.getBodyPosition(b));
  }
}

// ------------------------------------------------------------------ springs on a beam

/**
 * A static beam (8 m wide, its middle at `origin`) with `count` boxes hung 2 m below it on
 * soft distance joints with limits (1 to 3.5 m): spring rates 1, 2, 3, ... Hz, damping ratios
 * 0, 0.1, 0.2, ..., started swinging, so the undamped first one never sleeps. Returns the bobs.
 */
export function springBeamScene(world: World, origin: Vec, count = 4): BodyId[] {
  const beam = world.createBody({ position: { x: origin.x, y: origin.y } });
  world.createPolygonShape(beam, makeBox(4, 0.2));
  const bobs: BodyId[] = [];
  for (let i = 0; i < count; i++) {
    const bob = world.createBody({
      type: BodyType.Dynamic,
      position: { x: origin.x - 3 + 2 * i, y: origin.y - 3 },
      linearVelocity: { x: i % 2 === 0 ? 2 : -1, y: 0 },
    });
    world.createPolygonShape(bob, makeBox(0.3, 0.3), { density: 1 });
    world.createDistanceJoint({
      bodyA: beam,
      bodyB: bob,
      localAnchorA: { x: -3 + 2 * i, y: -0.2 },
      localAnchorB: { x: 0, y: 0.3 },
      length: 2,
      enableSpring: true,
      hertz: 1 + i,
      dampingRatio: 0.1 * i,
      enableLimit: true,
      minLength: 1,
      maxLength: 3.5,
    });
    bobs.push(bob);
  }
  return bobs;
}

// ------------------------------------------------------------------ a net of every row kind

/** Options of `jointKindNetScene`. */
export interface JointKindNetSceneOptions {
  /** Rows of bodies (the top one holds the pinned bodies). Default 8. */
  rows?: number;
  /** Columns of bodies. Default 10. */
  columns?: number;
  /** Balls dropped onto the net (they collide with it; the net's circles do not collide). Default 12. */
  balls?: number;
  /** Where the net's top-left body is. Default (0, 0). */
  origin?: Vec;
}

/**
 * A net like the joint grid's, 1 m apart, but of the joint kinds other than revolute: each
 * body is held to the one above it by a prismatic joint (vertical axis, limits of +-0.1 m
 * and a 5 Hz spring) or, in odd columns, a wheel joint (vertical axis, 4 Hz suspension,
 * limits of +-0.15 m), and to the one on its left by a rigid distance rod or, in odd rows,
 * a weld with a soft (5 Hz) angle. Every third top body is static, the net sags from them;
 * the bottom-left body is pulled aside by a mouse joint and the bottom-right one held by a
 * motor joint to its upper neighbour, at an offset. Balls fall onto it, so the step has
 * contacts as well as joint colours. For the parallel step's bit tests: every row kind in
 * one colour's blocks.
 */
export function jointKindNetScene(world: World, opts: JointKindNetSceneOptions = {}): { bodies: BodyId[] } {
  const rows = opts.rows ?? 8;
  const columns = opts.columns ?? 10;
  const ox = opts.origin?.x ?? 0;
  const oy = opts.origin?.y ?? 0;
  const circle = makeCircle(0, 0, 0.3);
  const shapeDef = { density: 1, filter: { categoryBits: 2, maskBits: 0xfffffffd, groupIndex: 0 } };
  const up = { x: 0, y: 1 };
  // bodies[c * rows + r]
  const bodies: BodyId[] = [];
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      const body = world.createBody({
        type: r === 0 && c % 3 === 0 ? BodyType.Static : BodyType.Dynamic,
        position: { x: ox + c, y: oy - r },
        enableSleep: false,
      });
      world.createCircleShape(body, circle, shapeDef);
      if (r > 0) {
        const above = bodies[bodies.length - 1]!;
        const anchors = { localAnchorA: { x: 0, y: -0.5 }, localAnchorB: { x: 0, y: 0.5 }, localAxisA: up };
        if (c % 2 === 0) {
          world.createPrismaticJoint({
            bodyA: above,
            bodyB: body,
            ...anchors,
            enableSpring: true,
            hertz: 5,
            dampingRatio: 0.5,
            enableLimit: true,
            lowerTranslation: -0.1,
            upperTranslation: 0.1,
          });
        } else {
          world.createWheelJoint({
            bodyA: above,
            bodyB: body,
            ...anchors,
            hertz: 4,
            dampingRatio: 0.7,
            enableLimit: true,
            lowerTranslation: -0.15,
            upperTranslation: 0.15,
          });
        }
      }
      if (c > 0) {
        const left = bodies[bodies.length - rows]!;
        // the rod between the centres; the weld at the midpoint
        if (r % 2 === 0) world.createDistanceJoint({ bodyA: left, bodyB: body, length: 1 });
        else
          world.createWeldJoint({
            bodyA: left,
            bodyB: body,
            localAnchorA: { x: 0.5, y: 0 },
            localAnchorB: { x: -0.5, y: 0 },
            angularHertz: 5,
            angularDampingRatio: 0.7,
          });
      }
      bodies.push(body);
    }
  }
  const ground = world.createBody({ type: BodyType.Static, position: { x: ox, y: oy - rows - 4 } });
  world.createMouseJoint({
    bodyA: ground,
    bodyB: bodies[rows - 1]!,
    target: { x: ox - 2, y: oy - rows },
    maxForce: 200,
    hertz: 2,
    dampingRatio: 0.7,
  });
  world.createMotorJoint({
    bodyA: bodies[columns * rows - 2]!,
    bodyB: bodies[columns * rows - 1]!,
    linearOffset: { x: 0.3, y: -1 },
    angularOffset: 0.5,
    maxForce: 100,
    maxTorque: 10,
  });
  const ball = makeCircle(0, 0, 0.25);
  const balls = opts.balls ?? 12;
  for (let i = 0; i < balls; i++) {
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: ox + 0.5 + ((i * 7) % columns), y: oy + 2 + 0.6 * i },
    });
    world.createCircleShape(body, ball, { density: 2, friction: 0.4 });
  }
  return { bodies };
}
