/**
 * Shapes and chains: the collision filter, the shape and chain definitions and their
 * defaults (Box2D's b2Filter, b2ShapeDef, b2ChainDef and their b2Default*). The checks of
 * a definition live in dynamics/shape_checks.ts.
 */

import { DEFAULT_DENSITY, DEFAULT_FRICTION } from '../base/constants.js';
import type { Vec2 } from '../base/math.js';

/** Collision filter: two shapes collide when each one's category is in the other's mask,
 * unless they share a non-zero group (positive: always collide, negative: never). */
export interface Filter {
  categoryBits: number;
  maskBits: number;
  groupIndex: number;
}

/** Shape definition. Every field has a default: see `defaultShapeDef()`. */
export interface ShapeDef {
  /** kg/m^2. Default 1. */
  density: number;
  /** Coulomb friction coefficient. Default 0.6. */
  friction: number;
  /** Coefficient of restitution (0 = no bounce). Default 0. */
  restitution: number;
  /** Material id passed to the friction and restitution mixers. Default 0. */
  material: number;
  filter: Filter;
  /** Report contact begin/end for this shape. Default true. */
  enableContactEvents: boolean;
  /** A sensor detects overlaps (sensor events) and never pushes anything. Default false. */
  isSensor: boolean;
  /** Recompute the body's mass now. Default true. */
  updateBodyMass: boolean;
  userData: unknown;
}

/**
 * A shape definition as passed to create*Shape: every field optional (taken from
 * `defaultShapeDef()`), the filter field by field too (`{ filter: { groupIndex: -1 } }`).
 */
export type ShapeDefInput = Partial<Omit<ShapeDef, 'filter'>> & { filter?: Partial<Filter> };

/** Chain definition: a one-sided chain of segments (see ChainSegment for the side). */
export interface ChainDef {
  /** At least 2 points (3 for a loop). */
  points: readonly Vec2[];
  /** Close the chain back to the first point. */
  loop: boolean;
  friction: number;
  restitution: number;
  material: number;
  filter: Filter;
  enableContactEvents: boolean;
  userData: unknown;
}

/** A chain definition as passed to createChain: like ShapeDefInput, over `defaultChainDef()`. */
export type ChainDefInput = Partial<Omit<ChainDef, 'filter'>> & { filter?: Partial<Filter> };

export function defaultFilter(): Filter {
  return { categoryBits: 1, maskBits: 0xffffffff, groupIndex: 0 };
}

export function defaultShapeDef(): ShapeDef {
  return {
    density: DEFAULT_DENSITY,
    friction: DEFAULT_FRICTION,
    restitution: 0,
    material: 0,
    filter: defaultFilter(),
    enableContactEvents: true,
    isSensor: false,
    updateBodyMass: true,
    userData: undefined,
  };
}

export function defaultChainDef(): ChainDef {
  return {
    points: [],
    loop: false,
    friction: DEFAULT_FRICTION,
    restitution: 0,
    material: 0,
    filter: defaultFilter(),
    enableContactEvents: true,
    userData: undefined,
  };
}
