/**
 * Joint definitions: the fields every joint has, each kind's parameters, and the types
 * that map a kind to its parameters and coordinates (Box2D's joint defs in types.h). The
 * defaults and checks of each kind's parameters live with the kind (joints/<kind>_joint.ts).
 */

import type { Vec2 } from '../base/math.js';
import type { BodyId } from './ids.js';
import { JointType } from './joint_type.js';

/** Parameters of a distance joint (besides the common joint fields). */
export interface DistanceJointParams {
  /** Rest length between the anchors (m), > 0: the rod length, or the spring's rest length. Default 1. */
  length: number;
  /**
   * Make the joint a spring (with hertz and dampingRatio) instead of a rigid rod. With
   * hertz 0 the spring applies no force and only the limits act (a rope). Default: true
   * when the definition gives `hertz > 0`, else false (a rigid rod).
   */
  enableSpring: boolean;
  /** Spring stiffness as a natural frequency (Hz), >= 0; 0 = no spring force. Default 0. */
  hertz: number;
  /** Spring damping ratio (non-dimensional, 1 = critical), >= 0. Default 0. */
  dampingRatio: number;
  /** Keep the length within [minLength, maxLength] (spring mode only). Default false. */
  enableLimit: boolean;
  /** Shortest allowed length (m), >= 0. Default 0. */
  minLength: number;
  /** Longest allowed length (m), >= minLength. Default `constants.HUGE` (no limit). */
  maxLength: number;
  /** Drive the rate of change of the length (spring mode only). Default false. */
  enableMotor: boolean;
  /** Largest force the motor may apply (N), >= 0. Default 0. */
  maxMotorForce: number;
  /** Target rate of change of the length (m/s), > 0 lengthens. Default 0. */
  motorSpeed: number;
}

/** A filter joint has no type-specific parameters. */
export type FilterJointParams = Record<never, never>;

/** Parameters of a motor joint (besides the common joint fields). */
export interface MotorJointParams {
  /**
   * Target position (m) of B's anchor relative to A's anchor, in A's frame (it turns with
   * A). With the default anchors: B's origin minus A's origin, in A's frame. Default (0, 0).
   */
  linearOffset: Vec2;
  /** Target angle of B relative to A (rad). Default 0. */
  angularOffset: number;
  /** Largest force (N) the joint applies. Default 1 (Box2D's default). */
  maxForce: number;
  /** Largest torque (N m) the joint applies. Default 1 (Box2D's default). */
  maxTorque: number;
  /**
   * Fraction in [0, 1] of the position and angle error removed per sub-step (the target
   * velocity is correctionFactor * error / h). 0 only damps relative motion. Default 0.3.
   */
  correctionFactor: number;
}

/** Parameters of a mouse joint (besides the common joint fields). */
export interface MouseJointParams {
  /**
   * World point (m) the anchor of body B (localAnchorB) is pulled toward. Move it every
   * frame with setJointParams(joint, { target }); that also wakes the body. Default at
   * creation: where B's anchor is, so the joint starts at rest.
   */
  target: Vec2;
  /**
   * Spring frequency (Hz). 0 means no spring: the joint only brakes the anchor's velocity
   * (within maxForce). Default 4.
   */
  hertz: number;
  /** Spring damping ratio: 0 oscillates freely, 1 is critically damped. Default 1. */
  dampingRatio: number;
  /**
   * Largest pulling force (N); the pull is clamped to it whatever the distance. Box2D's
   * default is 1; a firm grab is about 1000 times the body's weight. Default 1.
   */
  maxForce: number;
}

/** Parameters of a prismatic joint (besides the common joint fields). */
export interface PrismaticJointParams {
  /**
   * Sliding axis in body A's frame (unitless direction). Any non-zero length; stored
   * normalised. Default (1, 0).
   */
  localAxisA: Vec2;
  /** Angle of B relative to A (rad) held by the joint. Default 0. */
  referenceAngle: number;
  /** Spring along the axis toward translation 0. Default false. */
  enableSpring: boolean;
  /** Axial spring stiffness (Hz), >= 0; 0 makes the spring rigid. Default 0. */
  hertz: number;
  /** Axial spring damping ratio (unitless), >= 0. Default 0. */
  dampingRatio: number;
  /** Keep the translation within [lowerTranslation, upperTranslation]. Default false. */
  enableLimit: boolean;
  /** Lowest translation along the axis (m), <= upperTranslation. Default 0. */
  lowerTranslation: number;
  /** Highest translation along the axis (m), >= lowerTranslation. Default 0. */
  upperTranslation: number;
  /** Drive the sliding speed toward motorSpeed. Default false. */
  enableMotor: boolean;
  /** Largest force the motor may apply along the axis (N), >= 0. Default 0. */
  maxMotorForce: number;
  /** Target translation speed (m/s). Default 0. */
  motorSpeed: number;
}

/** Joint coordinates (see World.getJointState). */
export interface JointState {
  angle?: number;
  translation?: number;
  length?: number;
  speed?: number;
}

/** Parameters of a revolute joint (besides the common joint fields). */
export interface RevoluteJointParams {
  /** Angle of B relative to A (rad) that counts as zero. Default 0. */
  referenceAngle: number;
  enableSpring: boolean;
  /** Angular spring stiffness (Hz). Default 0. */
  hertz: number;
  /** Angular spring damping ratio. Default 0. */
  dampingRatio: number;
  enableMotor: boolean;
  /** Target relative angular speed (rad/s). */
  motorSpeed: number;
  /** Largest torque the motor may apply (N m). */
  maxMotorTorque: number;
  enableLimit: boolean;
  /** Lower and upper relative angle (rad), lower <= upper. */
  lowerAngle: number;
  upperAngle: number;
}

/** Parameters of a weld joint (besides the common joint fields). */
export interface WeldJointParams {
  /** Angle of B relative to A (rad) held by the joint. Default 0. */
  referenceAngle: number;
  /** Stiffness of the point constraint (Hz), >= 0; 0 = rigid. Default 0. */
  linearHertz: number;
  /** Damping ratio of the point constraint (unitless), >= 0; used when linearHertz > 0. Default 0. */
  linearDampingRatio: number;
  /** Stiffness of the angle constraint (Hz), >= 0; 0 = rigid. Default 0. */
  angularHertz: number;
  /** Damping ratio of the angle constraint (unitless), >= 0; used when angularHertz > 0. Default 0. */
  angularDampingRatio: number;
}

/** Parameters of a wheel joint (besides the common joint fields). */
export interface WheelJointParams {
  /**
   * Suspension axis in body A's frame (unit vector; normalised on input, zero length
   * rejected). The wheel (body B) slides along it. Default (0, 1).
   */
  localAxisA: Vec2;
  /** Suspension spring along the axis, toward translation 0. Default true. */
  enableSpring: boolean;
  /** Suspension stiffness as a natural frequency (Hz), >= 0; 0 = no spring force. Default 1. */
  hertz: number;
  /** Suspension damping ratio (non-dimensional, 1 = critical), >= 0. Default 0.7. */
  dampingRatio: number;
  /** Keep the translation within [lowerTranslation, upperTranslation]. Default false. */
  enableLimit: boolean;
  /** Lowest translation along the axis (m), <= upperTranslation. Default 0. */
  lowerTranslation: number;
  /** Highest translation along the axis (m). Default 0. */
  upperTranslation: number;
  /** Drive the wheel's rotation relative to A. Default false. */
  enableMotor: boolean;
  /** Largest torque the motor may apply (N m), >= 0. Default 0. */
  maxMotorTorque: number;
  /** Target angular speed of B relative to A (rad/s, counter-clockwise positive). Default 0. */
  motorSpeed: number;
}

/** Fields every joint definition has. */
export interface JointDef {
  bodyA: BodyId;
  bodyB: BodyId;
  /** Anchor on body A, in A's frame (relative to its origin). Default (0, 0). */
  localAnchorA: Vec2;
  /** Anchor on body B, in B's frame. Default (0, 0). */
  localAnchorB: Vec2;
  /**
   * One world point (m) that becomes the anchor of both bodies, from their poses at
   * creation (instead of localAnchorA and localAnchorB). A definition placed with world
   * points (anchor, anchorA, anchorB, axis) also takes its referenceAngle (revolute,
   * weld, prismatic) and its length (distance) from the current poses, unless given.
   */
  anchor?: Vec2;
  /** Anchor on body A as a world point (m), instead of localAnchorA. */
  anchorA?: Vec2;
  /** Anchor on body B as a world point (m), instead of localAnchorB. */
  anchorB?: Vec2;
  /** Let the two bodies' shapes collide with each other. Default false. */
  collideConnected: boolean;
  /** Constraint force (N) above which the joint breaks, in (0, 1e12] or Infinity. Default Infinity (never). */
  breakForce: number;
  /** Constraint torque (N m) above which the joint breaks, in (0, 1e12] or Infinity. Default Infinity (never). */
  breakTorque: number;
  userData: unknown;
}

/** What a joint definition needs at least: the two bodies. */
export type JointDefInput<P> = Partial<JointDef & P> & { bodyA: BodyId; bodyB: BodyId };

/** A revolute joint: common fields plus revolute parameters. */
export type RevoluteJointDef = JointDef & RevoluteJointParams;

/** A distance joint: common fields plus distance parameters. */
export type DistanceJointDef = JointDef & DistanceJointParams;

/** A wheel joint: common fields plus wheel parameters. */
export type WheelJointDef = JointDef & WheelJointParams & WorldAxisDef;

/** A mouse joint: common fields plus mouse parameters. */
export type MouseJointDef = JointDef & MouseJointParams;

/** A motor joint: common fields plus motor parameters. */
export type MotorJointDef = JointDef & MotorJointParams;

/** A filter joint: the common fields only. */
export type FilterJointDef = JointDef;

/** The axis of a prismatic or wheel joint as a world direction, instead of localAxisA. */
export interface WorldAxisDef {
  /** Direction in world coordinates, turned into A's frame at creation. */
  axis?: Vec2;
}

/** A prismatic joint: common fields plus prismatic parameters. */
export type PrismaticJointDef = JointDef & PrismaticJointParams & WorldAxisDef;

/** A weld joint: common fields plus weld parameters. */
export type WeldJointDef = JointDef & WeldJointParams;

/** Each joint type's parameters, by `JointType`. */
export interface JointParamsByType {
  [JointType.Distance]: DistanceJointParams;
  [JointType.Revolute]: RevoluteJointParams;
  [JointType.Prismatic]: PrismaticJointParams;
  [JointType.Weld]: WeldJointParams;
  [JointType.Wheel]: WheelJointParams;
  [JointType.Mouse]: MouseJointParams;
  [JointType.Motor]: MotorJointParams;
  [JointType.Filter]: FilterJointParams;
}

/** Type-specific joint parameters, as returned by getJointParams (narrow by joint type). */
export type JointParams = JointParamsByType[JointType] | Record<string, never>;

/**
 * Every type-specific parameter any joint has, for setJointParams (checked per type): the
 * kinds with parameters (a filter joint has none).
 */
export type JointParamsUnion = JointParamsByType[Exclude<JointType, typeof JointType.Filter>];

/** A joint kind's name: its `JointType` key in lower case (`'revolute'`), as registry.ts names it. */
export type JointKind = Lowercase<keyof typeof JointType>;

/** Each joint kind's parameters, by name (derived from `JointType` and `JointParamsByType`). */
export type JointParamsByKind = {
  [K in keyof typeof JointType as Lowercase<K>]: JointParamsByType[(typeof JointType)[K]];
};

/** The World method that creates a joint of kind K (`createRevoluteJoint`). */
export type JointCreateMethod<K extends JointKind = JointKind> = `create${Capitalize<K>}Joint`;

/**
 * The parameters of joints of type K (see getJointParams); for a joint of unknown type
 * (a plain JointId), `JointParams`, the union of every type's parameters.
 */
export type JointParamsOf<K extends JointType> = JointType extends K ? JointParams : JointParamsByType[K];

/** Each joint type's coordinates, by `JointType` (see getJointState). */
export interface JointStateByType {
  /** Distance between the anchors (m) and its rate of change (m/s). */
  [JointType.Distance]: { length: number; speed: number };
  /** Relative angle (rad, from referenceAngle) and relative angular speed (rad/s). */
  [JointType.Revolute]: { angle: number; speed: number };
  /** Translation along the axis (m) and its rate (m/s). */
  [JointType.Prismatic]: { translation: number; speed: number };
  [JointType.Weld]: Record<string, never>;
  /** Translation along the axis (m) and its rate (m/s). */
  [JointType.Wheel]: { translation: number; speed: number };
  [JointType.Mouse]: Record<string, never>;
  [JointType.Motor]: Record<string, never>;
  [JointType.Filter]: Record<string, never>;
}

/**
 * The coordinates of joints of type K (see getJointState); for a joint of unknown type
 * (a plain JointId), `JointState`, every coordinate optional.
 */
export type JointStateOf<K extends JointType> = JointType extends K ? JointState : JointStateByType[K];

/** A joint's anchors in each body's frame (see World.getJointLocalAnchors). */
export interface JointLocalAnchors {
  localAnchorA: Vec2;
  localAnchorB: Vec2;
}
