/**
 * What the client and the host say to each other besides commands (world_methods.ts) and
 * per-frame inputs (inputs.ts): how a host starts, what it sends back after steps, and the
 * plain-data forms of what crosses the thread boundary. Types only: both sides import them.
 */
import type {
  BodyEvents,
  BodyId,
  ContactEvents,
  JointEvents,
  MoverDef,
  SolverDescription,
  WorldDef,
} from '@impulse/core';
import type { ContactKernelName } from '@impulse/core/wasm';

export type Stepping = 'realtime' | 'manual';

export interface HostInit {
  world: Partial<WorldDef>;
  /** Shared buffer (shared transport, or a plain buffer inline), or null to transfer frames. */
  frames: { buffer: ArrayBufferLike; capacity: number } | null;
  /** The input ring (shared transport), or null. */
  ring: SharedArrayBuffer | null;
  stepping: Stepping;
  /** Fixed time step (s). */
  timeStep: number;
  /** Most steps taken to catch up after a stall; the rest of the lag is dropped. */
  maxStepsPerTick: number;
  paused: boolean;
  timeScale: number;
  /** Take a snapshot every this many steps and send it along (0: never), for restart(). */
  snapshotEvery: number;
  /**
   * Threads to step the world with (PhysicsOptions.solverWorkers, resolved): above 1, a host
   * given a helper source (the Node physics worker) starts that many less one solver
   * helpers (docs/parallel-step.md, "The step on helpers"); others step alone.
   */
  solverWorkers: number;
  /** Fewest items per block of a stage shared with the helpers (PhysicsOptions.solverBlockItems). */
  solverBlockItems: number;
  /** Whether the helpers take part (PhysicsOptions.solverWorkerUse). */
  solverWorkerUse: 'auto' | 'always';
  /** The solver the world is made with (its kind's module loaded in the host first), or null. */
  solver: SolverDescription | null;
  /** Who runs the contact sweeps (PhysicsOptions.contactKernel): 'wasm', and 'auto' on one solver thread, load the kernel's chunk first. */
  contactKernel: ContactKernelOption;
}

/**
 * Who should run the soft step's contact sweeps (PhysicsOptions.contactKernel): the
 * WebAssembly kernel (`'wasm'`), the JS (`'js'`), or the kernel where it would run, the JS
 * if its chunk fails to load (`'auto'`, the default).
 */
export type ContactKernelOption = 'auto' | 'wasm' | 'js';

/**
 * Who steps the world (PhysicsClient.getSolverThreads): what a page shows and a test checks
 * to know the helpers took part, since the bits are the same either way.
 */
export interface SolverThreads {
  /**
   * Threads stepping the world: the physics worker and its solver helpers (1: it steps
   * alone, as it does until the executor's code, loaded on demand, is attached).
   */
  threads: number;
  /** Helpers started and holding the world's current stores (0 until a stage first needs them). */
  readyHelpers: number;
  /** Stages of the step handed to the helpers so far (0 while the world is small). */
  sharedStages: number;
  /**
   * Threads that ran the last step: `threads` when it handed stages to the helpers, else 1
   * (a small world, or the helpers out of use: PhysicsOptions.solverWorkerUse 'auto').
   */
  threadsInUse: number;
  /**
   * The last measured step time on the physics worker alone over the time with the helpers
   * (above 1: they made it faster; 0 before it was measured, and with 'always').
   */
  measuredSpeedUp: number;
  /**
   * Who runs the contact sweeps (PhysicsOptions.contactKernel): 'wasm-simd' or 'wasm' (the
   * WebAssembly kernel, with or without f64x2), or 'js' (asked, or the kernel's fallback).
   */
  contactKernel: ContactKernelName;
}

/** A RollbackState's arrays, cut to their counts (structured clone drops the class). */
export interface WireRollbackState {
  f: Float64Array<ArrayBuffer>;
  b: Uint8Array<ArrayBuffer>;
}

/** Which step events the main thread listens to (the host copies only those). */
export interface EventInterest {
  contact: boolean;
  body: boolean;
  joint: boolean;
}

/** One step's events, copied for the main thread. */
export interface StepEvents {
  /** The world's step count after the step that produced these events. */
  step: number;
  contact: ContactEvents | null;
  body: BodyEvents | null;
  joint: JointEvents | null;
}

/** What the main thread must learn after steps: sent with a reply or pushed to the sink. */
export interface HostUpdate {
  frame: ArrayBuffer | null;
  grown: ArrayBufferLike | null;
  events: StepEvents[] | null;
  /** An automatic snapshot (option snapshotEvery). */
  snapshot: Uint8Array | null;
  error: string | null;
}

/** Where a realtime host pushes its updates (a Comlink proxy of the client in a worker). */
export interface HostSink {
  update(update: HostUpdate): void;
}

/** What a character adds to the core's MoverDef. */
export interface CharacterOptions {
  /** Multiplies the world's gravity on the character (0: none, as a top-down game wants). Default 1. */
  gravityScale?: number;
  /**
   * A kinematic body that follows the character (so dynamic bodies collide with it); its
   * shapes are ignored by the mover. Default none.
   */
  body?: BodyId | null;
}

export type CharacterDef = MoverDef & CharacterOptions;
