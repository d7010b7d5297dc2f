/**
 * The character mover's options and definition: their types, defaults and checks (the
 * messages `World.createMover` and the mover's methods throw), apart from the mover, so a
 * client that checks a definition where it is made (the worker client's characters) ships
 * the checks without the mover's sweeps and plane solver.
 */

import { MAX_COORDINATE, MAX_FORCE, MAX_LENGTH, MAX_TIME_STEP } from '../base/constants.js';
import { CosSin, cosSin, type Vec2 } from '../base/math.js';
import {
  checkBits,
  checkFinite,
  checkInteger,
  checkNonNegativeAtMost,
  checkPositiveAtMost,
  checkVec2,
  checkVec2Within,
  describe,
  fail,
} from '../base/validate.js';
import type { Capsule } from '../geometry/geometry.js';
import { checkCapsule } from '../geometry/geometry_checks.js';
import type { BodyId } from '../types/ids.js';
import type { QueryFilter } from '../world/query_checks.js';
import type { WorldState } from '../world/world_state.js';

const ALL_BITS = 0xffffffff;
const scratchCosSin = new CosSin();

/** Options of a move. Every field has a default (`defaultMoverOptions`). */
export interface MoverOptions {
  /** Steepest walkable slope (radians from `up`), in [0, π/2]. Default π/4 (45°). */
  maxSlope: number;
  /** Tallest ledge the mover steps onto (m), in [0, 100000]. Default 0 (no stepping). */
  stepHeight: number;
  /** Largest force (N) the mover pushes a dynamic body with, in [0, 1e12]. Default 0 (no pushing). */
  maxPushForce: number;
  /**
   * Most an overlap is pushed out along one plane in one move (m), in (0, 100000] or Infinity.
   * Default Infinity. A finite limit keeps a body pushed into the mover from popping it.
   */
  maxPushOut: number;
  /** Most sweep-and-solve rounds per move, in [1, 32]. Default 8. */
  maxIterations: number;
  /** Unit up direction (ground, slopes and steps are measured against it). Default (0, 1). */
  up: Vec2;
  /** Which shapes block the mover (query filter rule). Default: all. */
  filter: QueryFilter;
  /** A body whose shapes the mover ignores (e.g. the avatar's own kinematic body), or null. */
  ignoreBody: BodyId | null;
  /** Frame time (s) used to turn `maxPushForce` into an impulse, in (0, 0.25]. Default 1/60. */
  dt: number;
}

/** Construction parameters of a `CharacterMover`. */
export interface MoverDef extends Partial<MoverOptions> {
  /** The capsule in the mover's frame (e.g. `makeCapsule(0, -0.5, 0, 0.5, 0.3)`). */
  capsule: Capsule;
  /** Where the mover's frame is (world). The capsule does not rotate. */
  position: Vec2;
}

/** The defaults of every move option. */
export function defaultMoverOptions(): MoverOptions {
  return {
    maxSlope: 0.25 * Math.PI,
    stepHeight: 0,
    maxPushForce: 0,
    maxPushOut: Number.POSITIVE_INFINITY,
    maxIterations: 8,
    up: { x: 0, y: 1 },
    filter: { categoryBits: ALL_BITS, maskBits: ALL_BITS },
    ignoreBody: null,
    dt: 1 / 60,
  };
}

/** @internal A validated set of options. */
export class MoverConfig {
  maxSlope = 0.25 * Math.PI;
  cosMaxSlope = Math.SQRT1_2;
  stepHeight = 0;
  maxPushForce = 0;
  maxPushOut = Number.POSITIVE_INFINITY;
  maxIterations = 8;
  upX = 0;
  upY = 1;
  categoryBits = ALL_BITS;
  maskBits = ALL_BITS;
  /** Handle as given (re-resolved every move: it may go stale). */
  ignoreBody: BodyId | null = null;
  dt = 1 / 60;

  copyFrom(o: MoverConfig): void {
    this.maxSlope = o.maxSlope;
    this.cosMaxSlope = o.cosMaxSlope;
    this.stepHeight = o.stepHeight;
    this.maxPushForce = o.maxPushForce;
    this.maxPushOut = o.maxPushOut;
    this.maxIterations = o.maxIterations;
    this.upX = o.upX;
    this.upY = o.upY;
    this.categoryBits = o.categoryBits;
    this.maskBits = o.maskBits;
    this.ignoreBody = o.ignoreBody;
    this.dt = o.dt;
  }

  toOptions(): MoverOptions {
    return {
      maxSlope: this.maxSlope,
      stepHeight: this.stepHeight,
      maxPushForce: this.maxPushForce,
      maxPushOut: this.maxPushOut,
      maxIterations: this.maxIterations,
      up: { x: this.upX, y: this.upY },
      filter: { categoryBits: this.categoryBits, maskBits: this.maskBits },
      ignoreBody: this.ignoreBody,
      dt: this.dt,
    };
  }
}

/** Reads `options` over `base` into `out`; throws before writing anything on bad input. */
export function readOptions(
  fn: string,
  w: WorldState,
  options: unknown,
  base: MoverConfig,
  out: MoverConfig,
): void {
  if (options === undefined) {
    out.copyFrom(base);
    return;
  }
  if (typeof options !== 'object' || options === null) fail(fn, 'options', 'an object', options);
  const o = options as Partial<Record<keyof MoverOptions, unknown>>;
  let maxSlope = base.maxSlope;
  if (o.maxSlope !== undefined) {
    maxSlope = checkFinite(fn, 'options.maxSlope', o.maxSlope);
    if (maxSlope < 0 || maxSlope > 0.5 * Math.PI)
      fail(fn, 'options.maxSlope', 'in [0, π/2] (radians)', maxSlope);
  }
  const stepHeight =
    o.stepHeight === undefined
      ? base.stepHeight
      : checkNonNegativeAtMost(fn, 'options.stepHeight', o.stepHeight, MAX_LENGTH, 'm');
  const maxPushForce =
    o.maxPushForce === undefined
      ? base.maxPushForce
      : checkNonNegativeAtMost(fn, 'options.maxPushForce', o.maxPushForce, MAX_FORCE, 'N');
  let maxPushOut = base.maxPushOut;
  if (o.maxPushOut !== undefined) {
    const v = o.maxPushOut;
    if (typeof v !== 'number' || !((v > 0 && v <= MAX_LENGTH) || v === Number.POSITIVE_INFINITY)) {
      fail(fn, 'options.maxPushOut', `in (0, ${MAX_LENGTH}] m or Infinity`, v);
    }
    maxPushOut = v;
  }
  const maxIterations =
    o.maxIterations === undefined
      ? base.maxIterations
      : checkInteger(fn, 'options.maxIterations', o.maxIterations, 1, 32);
  let upX = base.upX;
  let upY = base.upY;
  if (o.up !== undefined) {
    const u = checkVec2(fn, 'options.up', o.up);
    const l = Math.sqrt(u.x * u.x + u.y * u.y);
    if (!(Math.abs(l - 1) <= 1e-6)) fail(fn, 'options.up', 'a unit vector', `(${u.x}, ${u.y})`);
    upX = u.x / l;
    upY = u.y / l;
  }
  let categoryBits = base.categoryBits;
  let maskBits = base.maskBits;
  if (o.filter !== undefined) {
    const f = o.filter;
    if (typeof f !== 'object' || f === null)
      fail(fn, 'options.filter', 'an object {categoryBits, maskBits}', f);
    const ff = f as Partial<QueryFilter>;
    // a field left out keeps its current value
    if (ff.categoryBits !== undefined)
      categoryBits = checkBits(fn, 'options.filter.categoryBits', ff.categoryBits) >>> 0;
    if (ff.maskBits !== undefined) maskBits = checkBits(fn, 'options.filter.maskBits', ff.maskBits) >>> 0;
  }
  let ignoreBody = base.ignoreBody;
  if (o.ignoreBody !== undefined) {
    if (o.ignoreBody !== null) checkIgnoreBody(fn, w, o.ignoreBody);
    ignoreBody = o.ignoreBody as BodyId | null;
  }
  const dt = o.dt === undefined ? base.dt : checkDt(fn, 'options.dt', o.dt);
  out.maxSlope = maxSlope;
  out.cosMaxSlope = maxSlope === base.maxSlope ? base.cosMaxSlope : cosSin(maxSlope, scratchCosSin).c;
  out.stepHeight = stepHeight;
  out.maxPushForce = maxPushForce;
  out.maxPushOut = maxPushOut;
  out.maxIterations = maxIterations;
  out.upX = upX;
  out.upY = upY;
  out.categoryBits = categoryBits;
  out.maskBits = maskBits;
  out.ignoreBody = ignoreBody;
  out.dt = dt;
}

export function checkIgnoreBody(fn: string, w: WorldState, id: unknown): number {
  const b = w.bodies.pool.resolve(id);
  if (b === -1) {
    throw new RangeError(
      `${fn}: options.ignoreBody must be a live body id or null, got ${describe(id)} (never created, destroyed or stale)`,
    );
  }
  return b;
}

/** A move's time step (s): in (0, MAX_TIME_STEP], like `World.step`'s. */
export function checkDt(fn: string, field: string, dt: unknown): number {
  return checkPositiveAtMost(fn, field, dt, MAX_TIME_STEP, 's');
}

/**
 * @internal Checks a mover definition as `World.createMover` does (its messages, its order) and
 * writes its options into `config`; returns its capsule and position. Only the body pool
 * of `w` is read (a live `ignoreBody`).
 */
export function readMoverDef(
  w: WorldState,
  def: MoverDef,
  config: MoverConfig,
): { capsule: Capsule; position: Vec2 } {
  const fn = 'createMover';
  if (typeof def !== 'object' || def === null) fail(fn, 'def', 'an object {capsule, position, ...}', def);
  const capsule = checkCapsule(fn, 'def.capsule', def.capsule);
  const position = checkVec2Within(fn, 'def.position', def.position, MAX_COORDINATE, 'm');
  // The option fields of def (capsule and position are not options and are not read).
  readOptions(fn, w, def, new MoverConfig(), config);
  return { capsule, position };
}

/**
 * Throws what `World.createMover(def)` throws for a bad definition, without a mover: for
 * clients that check calls where they are made (the worker client's characters). Reads
 * only `w.bodies.pool` (whether `ignoreBody` is live).
 * @internal
 */
export function checkMoverDef(w: Pick<WorldState, 'bodies'>, def: MoverDef): void {
  readMoverDef(w as WorldState, def, new MoverConfig());
}
