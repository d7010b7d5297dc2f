/**
 * The joint types' registration table: everything the world does with a joint type
 * outside the step (make its data, default, check, apply and read its parameters, read
 * its coordinates, restore it from a snapshot) goes through the type's entry here.
 *
 * Adding a joint type: write `joints/<type>_joint_data.ts` (data class, params, rollback,
 * coordinates: what this table names, and what a structure-only mirror runs) and
 * `joints/<type>_joint.ts` (prepare / warm start / solve / reaction: the step's), add its
 * id to `JointType` (joint.ts), its entry below, one case per solver phase in
 * joint_solver.ts (the hot dispatch stays a `switch`, as in Box2D's joint.c), and its
 * public `create<Type>Joint` method and types in world.ts and index.ts. `test/joints/registry.test.ts` checks that every type has an entry.
 */

import type { JointsState } from './joints_state.js';
import {
  completeDistanceJointDef,
  DistanceJointData,
  distanceJointParams,
  distanceJointState,
  loadDistanceJointRollback,
  saveDistanceJointRollback,
} from './distance_joint_data.js';
import { checkFilterJointDef, FilterJointData } from './filter_joint.js';
import type { JointData } from './joint_store.js';
import type { JointParamOps } from './joint_params.js';
import {
  loadMotorJointRollback,
  MotorJointData,
  motorJointParams,
  saveMotorJointRollback,
} from './motor_joint_data.js';
import {
  loadMouseJointRollback,
  MouseJointData,
  mouseJointParams,
  saveMouseJointRollback,
} from './mouse_joint_data.js';
import {
  loadPrismaticJointRollback,
  PrismaticJointData,
  prismaticJointParams,
  prismaticJointState,
  savePrismaticJointRollback,
} from './prismatic_joint_data.js';
import {
  loadRevoluteJointRollback,
  RevoluteJointData,
  revoluteJointParams,
  revoluteJointState,
  saveRevoluteJointRollback,
} from './revolute_joint_data.js';
import {
  loadWeldJointRollback,
  saveWeldJointRollback,
  WeldJointData,
  weldJointParams,
  weldJointState,
} from './weld_joint_data.js';
import {
  loadWheelJointRollback,
  saveWheelJointRollback,
  WheelJointData,
  wheelJointParams,
  wheelJointState,
} from './wheel_joint_data.js';
import { JointType } from '../types/joint_type.js';
import type { JointCreateMethod, JointState } from '../types/joint_defs.js';

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
  state(w: JointsState, j: number, data: JointData): JointState;
  /** The doubles the type's data takes in a rollback state (world/rollback_state.ts). */
  rollbackSize: number;
  /** Writes the data's rollback doubles into `f` from `at` (room made); returns the end. */
  saveRollback(data: JointData, f: Float64Array, at: number): number;
  /** Reads what saveRollback wrote back into the data; returns the end. */
  loadRollback(data: JointData, f: Float64Array, at: number): number;
}

/**
 * A type's rollback functions (world/rollback_state.ts), in its data module: they save the
 * parameters (inputs, saved so that a rollback also undoes a change of them) and the
 * warm-started impulses, as doubles, booleans as 0 and 1; the solver temporaries are left
 * out (prepare writes them before the step reads them). Field by field, so that no double
 * is boxed (keyed access would, and the rollback runs every frame; joint_params.ts reads
 * by key, outside the step). Loading writes only the fields whose bits differ: a field the
 * step has only ever given small integers (0) keeps V8's small-integer representation
 * instead of being turned into a double field by the load, which would deoptimise the
 * step's code for the type.
 */
interface RollbackOps {
  save(data: JointData, f: Float64Array, at: number): number;
  load(data: JointData, f: Float64Array, at: number): number;
}

function rollbackOps<D extends JointData>(
  save: (d: D, f: Float64Array, at: number) => number,
  load: (d: D, f: Float64Array, at: number) => number,
): RollbackOps {
  // the table is indexed by the joint's own type, so its data always matches
  return { save, load } as unknown as RollbackOps;
}

const NO_ROLLBACK: RollbackOps = { save: (_d, _f, at) => at, load: (_d, _f, at) => at };

/** Room for the largest type's rollback doubles, written once per type to count them. */
const ROLLBACK_PROBE = new Float64Array(32);

function rollbackSize(create: () => JointData, save: RollbackOps['save']): number {
  const size = save(create(), ROLLBACK_PROBE, 0);
  if (size > ROLLBACK_PROBE.length)
    throw new Error(
      `registry: ROLLBACK_PROBE holds ${ROLLBACK_PROBE.length} doubles, a joint type saves ${size}`,
    );
  return size;
}

function entry<D extends JointData>(
  name: string,
  create: () => D,
  params: JointParamOps | null,
  state: ((w: JointsState, j: number, d: D) => JointState) | null,
  rollback: RollbackOps,
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
    rollbackSize: rollbackSize(create, rollback.save),
    saveRollback: rollback.save,
    loadRollback: rollback.load,
  };
}

/** Indexed by `JointType`. */
export const jointTypes: readonly JointTypeEntry[] = (() => {
  const t: JointTypeEntry[] = [];
  t[JointType.Distance] = entry(
    'distance',
    () => new DistanceJointData(),
    distanceJointParams,
    distanceJointState,
    rollbackOps(saveDistanceJointRollback, loadDistanceJointRollback),
    undefined,
    completeDistanceJointDef,
  );
  t[JointType.Revolute] = entry(
    'revolute',
    () => new RevoluteJointData(),
    revoluteJointParams,
    revoluteJointState,
    rollbackOps(saveRevoluteJointRollback, loadRevoluteJointRollback),
  );
  t[JointType.Prismatic] = entry(
    'prismatic',
    () => new PrismaticJointData(),
    prismaticJointParams,
    prismaticJointState,
    rollbackOps(savePrismaticJointRollback, loadPrismaticJointRollback),
  );
  t[JointType.Weld] = entry(
    'weld',
    () => new WeldJointData(),
    weldJointParams,
    weldJointState,
    rollbackOps(saveWeldJointRollback, loadWeldJointRollback),
  );
  t[JointType.Wheel] = entry(
    'wheel',
    () => new WheelJointData(),
    wheelJointParams,
    wheelJointState,
    rollbackOps(saveWheelJointRollback, loadWheelJointRollback),
  );
  t[JointType.Mouse] = entry(
    'mouse',
    () => new MouseJointData(),
    mouseJointParams,
    null,
    rollbackOps(saveMouseJointRollback, loadMouseJointRollback),
  );
  t[JointType.Motor] = entry(
    'motor',
    () => new MotorJointData(),
    motorJointParams,
    null,
    rollbackOps(saveMotorJointRollback, loadMotorJointRollback),
  );
  t[JointType.Filter] = entry(
    'filter',
    () => new FilterJointData(),
    null,
    null,
    NO_ROLLBACK,
    checkFilterJointDef,
  );
  return t;
})();

/** A fresh data object for a joint type read from a snapshot. */
export function createJointData(type: number): JointData {
  const e = jointTypes[type];
  if (e === undefined) throw new RangeError(`restore: snapshot is corrupt (joint type ${type})`);
  return e.create();
}

/** The World method that creates joints of `entry`'s kind (`createRevoluteJoint`). */
export function jointCreateMethod(entry: JointTypeEntry): JointCreateMethod {
  return `create${entry.name[0]!.toUpperCase()}${entry.name.slice(1)}Joint` as JointCreateMethod;
}

/**
 * Each joint-creating World method and the kind it makes, derived from the registry: the
 * one list of joint kinds. Clients that mirror World (the worker) derive theirs from it.
 */
export const jointCreators: Readonly<Record<JointCreateMethod, JointType>> = Object.fromEntries(
  jointTypes.map((entry, type) => [jointCreateMethod(entry), type]),
) as Record<JointCreateMethod, JointType>;
