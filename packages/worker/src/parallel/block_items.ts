/**
 * The default block size of a stage shared with solver helpers, in a module of its own: the
 * main thread's options (client/options.ts) name it without importing the executor.
 */

/** Below two blocks of this many items a stage stays on the calling thread (docs/parallel-step.md). */
export const DEFAULT_MIN_BLOCK_ITEMS = 64;
