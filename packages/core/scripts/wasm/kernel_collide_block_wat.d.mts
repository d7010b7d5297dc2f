/** Types of kernel_collide_block_wat.mjs, for gen_bytes and the core's tests. */

/** The arrays setCollideBlockLayout takes, in its order. */
export const COLLIDE_ARRAYS: string[];

/** The collide module's text. */
export function collideModuleWat(): string;

/** The shape kinds (collide_block.ts CachedKind) the block reads. */
export const KIND: { NONE: number; QUAD: number; CIRCLE: number; CAPSULE: number };

/** A circle's and a capsule's record offsets (collide_block.ts RoundRecord). */
export const ROUND: { X1: number; Y1: number; X2: number; Y2: number; RADIUS: number };
