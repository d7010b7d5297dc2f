/** Types of kernel_blocks_wat.mjs, for the core's tests. */

/** The blocks module's WAT text (the colouring and the bodies' finish). */
export function blocksModuleWat(): string;
