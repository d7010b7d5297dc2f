/**
 * @impulse/worker — the core World off the main thread, transforms in shared memory.
 *
 * - `createPhysicsWorker(options)`: the world in a Web Worker (browsers).
 * - `createInlinePhysics(options)`: the same client with the world in this thread.
 * - `createNodePhysicsWorker(options)` from `@impulse/worker/node`: a Node worker thread.
 *
 * The sources are split by the thread they run on: `client/` (the main thread), `host/`
 * (the thread that owns the World: a worker, or this one inline) and `protocol/` (what the
 * two share: the frame layout, the input ring and its inputs, the table of World methods).
 */
export { createPhysicsWorker } from './browser.js';
export type { WorkerOptions } from './browser.js';
export { createInlinePhysics } from './inline.js';
export type {
  CharacterStateView,
  PersistentRayHit,
  PhysicsClient,
  PhysicsStats,
  Transport,
} from './client/client.js';
export type {
  CharacterDef,
  CharacterOptions,
  ContactKernelOption,
  EventInterest,
  SolverThreads,
  Stepping,
} from './protocol/host_messages.js';
export type { PhysicsOptions } from './client/options.js';
export { DEFAULT_TIME_STEP, MAX_SOLVER_WORKERS } from './client/options.js';
export { COMMAND_NAMES, WORLD_METHODS } from './protocol/world_methods.js';
export type { CommandName, Route, WorldCommands } from './protocol/world_methods.js';
export { Record as FrameRecord } from './protocol/frame_layout.js';
export { missingSharedMemoryReason, sharedMemoryAvailable } from './client/transport.js';
export type { TransportOption } from './client/transport.js';
