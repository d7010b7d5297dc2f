/**
 * The frame buffer: what the worker publishes after each step and the main thread reads
 * whenever it renders, without a message.
 *
 * One (Shared)ArrayBuffer holds a control block of Int32 words and two frames. Frame k is
 * written into slot `k % 2`; the reader takes the last published frame and checks, after
 * copying what it needs, that the writer has not begun frame k + 2 (which reuses its
 * slot). A check that fails means the copy may mix two steps: the reader copies again.
 * This is a sequence lock with two buffers, so a reader has a whole step to finish a read
 * before it is ever asked to retry.
 *
 * A frame is a header of doubles followed by one record per body slot: the core's
 * `BodyRecord` (id, awake, pose, velocity) then the pose of the previous step, for
 * interpolation. Positions are float64, so large worlds stay exact.
 *
 * Without shared memory the same frame layout travels in a transferred ArrayBuffer that
 * holds one frame (and no control block).
 */
import { BodyRecord, ContactPointRecord } from '@impulse/core/contract';

/** Int32 words of the control block. */
export const Control = {
  /** Number of the last complete frame (0: none yet). */
  Published: 0,
  /** Number of the frame being written (or last written). */
  Writing: 1,
  /** Body slots each frame of this buffer has room for. */
  Capacity: 2,
  /** 1 once the writer moved on to a larger buffer: readers switch to it. */
  Superseded: 3,
  /** Contact points each frame has room for (debug drawing; 0 until asked for). */
  ContactCapacity: 4,
  Size: 16,
} as const;

/** Bytes of the control block (a multiple of 8, so the frames are float64-aligned). */
export const CONTROL_BYTES = Control.Size * 4;

/** Doubles of a frame's header. */
export const Header = {
  Frame: 0,
  StepCount: 1,
  /** Simulated time at the end of the step (s). */
  SimTime: 2,
  /** Wall-clock time of publication (ms since the epoch, comparable across threads). */
  PublishTime: 3,
  /** The fixed time step (s). */
  TimeStep: 4,
  /** Records in use (one past the highest body slot). */
  SlotCount: 5,
  BodyCount: 6,
  AwakeBodyCount: 7,
  ContactCount: 8,
  TouchingContactCount: 9,
  JointCount: 10,
  /** Wall time the last step took in the worker (ms). */
  StepMs: 11,
  /** Bodies whose pose changed in this step. */
  MovedCount: 12,
  Paused: 13,
  TimeScale: 14,
  /** The core's per-stage timings of the step (ms), when the world has enableProfile. */
  ProfilePairs: 15,
  ProfileCollide: 16,
  ProfileSolve: 17,
  ProfileContinuous: 18,
  ProfileSleep: 19,
  /** Touching contact points in this frame's debug region (0 unless debug contacts are on). */
  ContactPoints: 20,
  /** Body slots this frame's records have room for (where the contact points start). */
  RecordCapacity: 21,
  ProfileSensors: 22,
  Size: 24,
} as const;

/**
 * Persistent ray casts the host evaluates after every step: a fixed table of slots after
 * the header, so a reader gets a ray's result from the same step as the poses.
 */
export const MAX_PERSISTENT_RAYS = 64;

/** Doubles of one persistent ray's result. */
export const RayResult = {
  /** The ray's id (0: a free slot). */
  Id: 0,
  Hit: 1,
  /** How many times it began / stopped hitting since it was created. */
  BeganCount: 2,
  EndedCount: 3,
  PointX: 4,
  PointY: 5,
  NormalX: 6,
  NormalY: 7,
  Fraction: 8,
  Shape: 9,
  Body: 10,
  Size: 12,
} as const;

/** Characters (the core's mover, run by the host every step): a fixed table of slots. */
export const MAX_CHARACTERS = 16;

/** Doubles of one character's state after a step. */
export const CharacterState = {
  /** The character's id (0: a free slot). */
  Id: 0,
  X: 1,
  Y: 2,
  /** Position one step earlier (for interpolation). */
  X0: 3,
  Y0: 4,
  VX: 5,
  VY: 6,
  Grounded: 7,
  GroundNormalX: 8,
  GroundNormalY: 9,
  GroundBody: 10,
  Stepped: 11,
  Size: 12,
} as const;

/** Where the persistent ray results start in a frame. */
export const RAYS = Header.Size;

/** Where the character states start in a frame. */
export const CHARACTERS = RAYS + MAX_PERSISTENT_RAYS * RayResult.Size;

/** Where the body records start in a frame. */
export const RECORDS = CHARACTERS + MAX_CHARACTERS * CharacterState.Size;

/** Doubles of one body record: the core's BodyRecord, then the previous pose and flags. */
export const Record = {
  ...BodyRecord,
  /** Pose at the previous published step (equal to the pose for a new body). */
  X0: BodyRecord.Size,
  Y0: BodyRecord.Size + 1,
  C0: BodyRecord.Size + 2,
  S0: BodyRecord.Size + 3,
  /** 1 when the pose changed in this step. */
  Moved: BodyRecord.Size + 4,
  Size: BodyRecord.Size + 5,
} as const;

export function frameDoubles(capacity: number, contacts = 0): number {
  return RECORDS + capacity * Record.Size + contacts * ContactPointRecord.Size;
}

/** Where a frame's contact points (ContactPointRecord each) start, after the body records. */
export function contactsOffset(capacity: number): number {
  return RECORDS + capacity * Record.Size;
}

/** Bytes of a shared buffer with room for `capacity` body slots and `contacts` points (control + two frames). */
export function sharedBytes(capacity: number, contacts = 0): number {
  return CONTROL_BYTES + 2 * 8 * frameDoubles(capacity, contacts);
}

/** Bytes of a transferred single frame. */
export function transferBytes(capacity: number, contacts = 0): number {
  return 8 * frameDoubles(capacity, contacts);
}

/**
 * A frame buffer with room for `capacity` body slots and `contacts` debug contact points,
 * both stamped in the control block (readers size their views from them). Shared memory
 * to cross threads, a plain buffer within one.
 */
export function createFrameBuffer(capacity: number, shared: boolean, contacts = 0): ArrayBufferLike {
  const bytes = sharedBytes(capacity, contacts);
  const buffer = shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  const control = new Int32Array(buffer, 0, CONTROL_BYTES / 4);
  Atomics.store(control, Control.Capacity, capacity);
  Atomics.store(control, Control.ContactCapacity, contacts);
  return buffer;
}

/** The two frame views of a shared buffer. */
export function frameViews(
  buffer: ArrayBufferLike,
  capacity: number,
  contacts = 0,
): [Float64Array, Float64Array] {
  const n = frameDoubles(capacity, contacts);
  return [new Float64Array(buffer, CONTROL_BYTES, n), new Float64Array(buffer, CONTROL_BYTES + 8 * n, n)];
}

/** The first capacity at or above `slots`: doubles from 64, so growth is rare. */
export function capacityFor(slots: number): number {
  let c = 64;
  while (c < slots) c *= 2;
  return c;
}

/** Wall-clock milliseconds comparable between threads (each thread's `now` has its own origin). */
export function wallClock(): number {
  return performance.timeOrigin + performance.now();
}
