/**
 * @impulse/worker — the core World off the main thread, transforms in shared memory.
 *
 * - `createPhysicsWorker(options)`: the world in a Web Worker (browsers).
 * - `createInlinePhysics(options)`: the same client with the world in this thread.
 * - `createNodePhysicsWorker(options)` from `@impulse/worker/node`: a Node worker thread.
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
} from './client.js';
export type { CharacterDef, CharacterOptions } from './characters.js';
export type { PhysicsOptions } from './options.js';
export { DEFAULT_TIME_STEP } from './options.js';
export type { Stepping } from './host.js';
export type { EventInterest } from './events.js';
export { COMMAND_NAMES } from './commands.js';
export type { CommandName, WorldCommands } from './commands.js';
export { Record as FrameRecord } from './frame_layout.js';
export { sharedMemoryAvailable } from './transport.js';
export type { TransportOption } from './transport.js';
