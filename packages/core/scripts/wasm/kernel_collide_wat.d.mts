/** Types of kernel_collide_wat.mjs, for the core's tests. */

/** The I/O record's offsets in doubles. */
export const IO: Record<string, number>;

/** The narrow phase's globals and functions, for the kernel module. */
export function collideWat(): string;
