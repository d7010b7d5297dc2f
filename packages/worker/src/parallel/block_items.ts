/**
 * The default block size of a stage shared with solver helpers, in a module of its own: the
 * main thread's options (client/options.ts) name it without importing the executor.
 */

/**
 * Items per block of a shared stage; a stage needs MIN_DISPATCH_BLOCKS blocks of them to be
 * shared at all (dispatch_threshold.ts, docs/parallel-step.md).
 */
export const DEFAULT_MIN_BLOCK_ITEMS = 64;
