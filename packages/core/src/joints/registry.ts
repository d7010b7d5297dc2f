/**
 * The joint types' registration table: everything the world does with a joint type
 * outside the step (make its data, default, check, apply and read its parameters, read
 * its coordinates, restore it from a snapshot) goes through the type's entry here.
 *
 * Adding a joint type: write `joints/<type>_joint.ts` (data class, params, prepare / warm
 * start / solve / reaction), add its id to `JointType` (joint.ts), its entry below, one
 * case per solver phase in joint_solver.ts (the hot dispatch stays a `switch`, as in
 * Box2D's joint.c), and its public `create<Type>Joint` method and types in world.ts and
 * index.ts. `test/joints/registry.test.ts` checks that every type has an entry.
 */

import type { WorldState } from '../world/world_state.js';
import {
  applyDistanceJointParams,
  checkDistanceJointParams,
  completeDistanceJointDef,
  DistanceJointData,
  defaultDistanceJointParams,
  distanceJointState,
  readDistanceJointParams,
} from './distance_joint.js';
import { checkFilterJointDef, FilterJointData } from './filter_joint.js';
import { type JointData, JointType } from './joint.js';
import {
  applyMotorJointParams,
  checkMotorJointParams,
  defaultMotorJointParams,
  MotorJointData,
  readMotorJointParams,
} from './motor_joint.js';
import {
  applyMouseJointParams,
  checkMouseJointParams,
  defaultMouseJointParams,
  MouseJointData,
  readMouseJointParams,
} from './mouse_joint.js';
import {
  applyPrismaticJointParams,
  checkPrismaticJointParams,
  defaultPrismaticJointParams,
  PrismaticJointData,
  prismaticJointState,
  readPrismaticJointParams,
} from './prismatic_joint.js';
import {
  applyRevoluteJointParams,
  checkRevoluteJointParams,
  defaultRevoluteJointParams,
  RevoluteJointData,
  readRevoluteJointParams,
  revoluteJointState,
} from './revolute_joint.js';
import {
  applyWeldJointParams,
  checkWeldJointParams,
  defaultWeldJointParams,
  readWeldJointParams,
  WeldJointData,
  weldJointState,
} from './weld_joint.js';
import {
  applyWheelJointParams,
  checkWheelJointParams,
  defaultWheelJointParams,
  readWheelJointParams,
  WheelJointData,
  wheelJointState,
} from './wheel_joint.js';

/** Joint coordinates (see World.getJointState). */
export interface JointState {
  angle?: number;
  translation?: number;
  length?: number;
  speed?: number;
}

/** The parameter operations of a joint type that has parameters. */
export interface JointParamOps {
  defaults(): object;
  read(data: JointData): object;
  check(fn: string, params: object): void;
  apply(data: JointData, params: object): void;
}

/** One joint type's entry. */
export interface JointTypeEntry {
  /** The kind in messages: 'revolute' ("revolute joints take: ..."). */
  name: string;
  /**
   * The type's own definition fields: the keys of its default parameters (one list serves
   * the defaults and the unknown-field check), plus `axis` for the axis joints.
   */
  keys: readonly string[];
  /** The keys of the type's parameters (what setJointParams takes). */
  paramKeys: readonly string[];
  /** Takes `axis` (world) as well as `localAxisA` (prismatic, wheel). */
  worldAxis: boolean;
  /** Has a referenceAngle, taken from the bodies' poses for a world-point def. */
  worldReferenceAngle: boolean;
  /** Has a length, taken from the world anchors' distance for a world-point def. */
  worldLength: boolean;
  /** Defaults that depend on other fields of the definition (distance: `enableSpring`). */
  completeDef(def: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** A fresh data object of the type. */
  create(): JointData;
  /** Checks the type-specific fields of a definition (before anything is created). */
  checkDef(fn: string, def: object): void;
  /** Null for a type without parameters (the filter joint). */
  params: JointParamOps | null;
  /** The joint's coordinates; {} for a type without any. */
  state(w: WorldState, j: number, data: JointData): JointState;
}

function paramOps<D extends JointData, P>(
  defaults: () => P,
  read: (d: D) => P,
  check: (fn: string, p: P) => void,
  apply: (d: D, p: P) => void,
): JointParamOps {
  // the table is indexed by the joint's own type, so its data and params always match
  return { defaults, read, check, apply } as unknown as JointParamOps;
}

function entry<D extends JointData>(
  name: string,
  create: () => D,
  params: JointParamOps | null,
  state: ((w: WorldState, j: number, d: D) => JointState) | null,
  checkDef?: (fn: string, def: object) => void,
  completeDef?: (def: Readonly<Record<string, unknown>>) => Record<string, unknown>,
): JointTypeEntry {
  const keys = params === null ? [] : Object.keys(params.defaults());
  const worldAxis = keys.includes('localAxisA');
  return {
    name,
    keys: worldAxis ? [...keys, 'axis'] : keys,
    paramKeys: keys,
    worldAxis,
    worldReferenceAngle: keys.includes('referenceAngle'),
    worldLength: keys.includes('length'),
    completeDef: completeDef ?? (() => ({})),
    create,
    params,
    checkDef: checkDef ?? ((fn, def) => params?.check(fn, { ...params.defaults(), ...def })),
    state: (state ?? (() => ({}))) as JointTypeEntry['state'],
  };
}

/** Indexed by `JointType`. */
export const jointTypes: readonly JointTypeEntry[] = (() => {
  const t: JointTypeEntry[] = [];
  t[JointType.Distance] = entry(
    'distance',
    () => new DistanceJointData(),
    paramOps(
      defaultDistanceJointParams,
      readDistanceJointParams,
      checkDistanceJointParams,
      applyDistanceJointParams,
    ),
    distanceJointState,
    undefined,
    completeDistanceJointDef,
  );
  t[JointType.Revolute] = entry(
    'revolute',
    () => new RevoluteJointData(),
    paramOps(
      defaultRevoluteJointParams,
      readRevoluteJointParams,
      checkRevoluteJointParams,
      applyRevoluteJointParams,
    ),
    revoluteJointState,
  );
  t[JointType.Prismatic] = entry(
    'prismatic',
    () => new PrismaticJointData(),
    paramOps(
      defaultPrismaticJointParams,
      readPrismaticJointParams,
      checkPrismaticJointParams,
      applyPrismaticJointParams,
    ),
    prismaticJointState,
  );
  t[JointType.Weld] = entry(
    'weld',
    () => new WeldJointData(),
    paramOps(defaultWeldJointParams, readWeldJointParams, checkWeldJointParams, applyWeldJointParams),
    weldJointState,
  );
  t[JointType.Wheel] = entry(
    'wheel',
    () => new WheelJointData(),
    paramOps(defaultWheelJointParams, readWheelJointParams, checkWheelJointParams, applyWheelJointParams),
    wheelJointState,
  );
  t[JointType.Mouse] = entry(
    'mouse',
    () => new MouseJointData(),
    paramOps(defaultMouseJointParams, readMouseJointParams, checkMouseJointParams, applyMouseJointParams),
    null,
  );
  t[JointType.Motor] = entry(
    'motor',
    () => new MotorJointData(),
    paramOps(defaultMotorJointParams, readMotorJointParams, checkMotorJointParams, applyMotorJointParams),
    null,
  );
  t[JointType.Filter] = entry('filter', () => new FilterJointData(), null, null, checkFilterJointDef);
  return t;
})();

/** A fresh data object for a joint type read from a snapshot. */
export function createJointData(type: number): JointData {
  const e = jointTypes[type];
  if (e === undefined) throw new RangeError(`restore: snapshot is corrupt (joint type ${type})`);
  return e.create();
}
