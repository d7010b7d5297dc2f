/**
 * Helpers every scene family uses: a ground box, a vector type, a deterministic random source.
 */

import type { World } from '../world.js';
import { makeBox } from '../geometry/geometry.js';
import type { BodyId } from '../types/ids.js';

export interface Vec {
  x: number;
  y: number;
}

/** A static ground box whose top surface is at y = top. */
export function addGround(world: World, halfWidth = 100, top = 0, originX = 0, originY = 0): BodyId {
  const ground = world.createBody({ position: { x: originX, y: originY + top - 1 } });
  world.createPolygonShape(ground, makeBox(halfWidth, 1));
  return ground;
}

/** A small linear congruential generator: deterministic and engine-independent. */
export class SceneRandom {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.state = (Math.imul(this.state, 1664525) + 1013904223) >>> 0;
    return this.state / 4294967296;
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
}
