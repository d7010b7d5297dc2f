/** Types of kernel_collide_block_wat.mjs, for gen_bytes and the core's tests. */

/** The arrays setCollideBlockLayout takes, in its order. */
export const COLLIDE_ARRAYS: string[];

/** The collide module's text. */
export function collideModuleWat(): string;
