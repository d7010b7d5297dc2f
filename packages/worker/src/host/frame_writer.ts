/**
 * The worker's side of the frame buffer: after each step it copies every body slot of
 * the world into the next frame (see frame_layout.ts for the layout and the lock).
 */
import {
  BodyRecord,
  ContactPointRecord,
  type StepProfile,
  type World,
  type WorldCounters,
} from '@impulse/core';
import {
  CONTROL_BYTES,
  Control,
  capacityFor,
  contactsOffset,
  createFrameBuffer,
  frameViews,
  Header,
  Record,
  transferBytes,
  RECORDS,
  wallClock,
} from '../protocol/frame_layout.js';
import type { Characters } from './characters.js';
import type { PersistentRays } from './persistent_rays.js';

export interface FrameInfo {
  /** The world's counters and stage timings after the step (read once by the host). */
  counters: WorldCounters;
  profile: StepProfile;
  simTime: number;
  timeStep: number;
  stepMs: number;
  paused: boolean;
  timeScale: number;
}

/** What a publication produced that the main thread must be sent. */
export interface Published {
  /** Shared transport: a larger buffer the writer moved to (send it once). */
  grown: ArrayBufferLike | null;
  /** Copy transport: the frame itself (send it: postMessage copies it). */
  frame: ArrayBuffer | null;
}

export class FrameWriter {
  private frameNo = 0;
  private capacity = 0;
  private control: Int32Array | null = null;
  private frames: [Float64Array, Float64Array] | null = null;
  /** Poses of the last publication, 4 per slot, and the id each belonged to. */
  private prevPose = new Float64Array(0);
  private prevId = new Float64Array(0);
  /**
   * Copy transport (no shared memory): the two frames publications alternate between. A
   * frame leaves the worker as a copy, never transferred: a transfer detaches its buffer,
   * and after any ArrayBuffer is detached V8 checks for detachment at every typed-array
   * access it compiles from then on, the step's included (+25 % instructions on the
   * tumbler; docs/worker-design.md, "Nothing is transferred out of the worker"). The
   * frame sent is the newest; the next publication writes the other buffer, and the one
   * after it this one again, by which time the copy was taken (postMessage copies at once,
   * a Comlink reply in the task that published it).
   */
  private readonly copies: [Float64Array | null, Float64Array | null] = [null, null];

  /**
   * `shared`: the buffer the main thread created (shared memory, or a plain buffer when
   * both sides live in one thread); null for the copy transport.
   */
  constructor(shared: { buffer: ArrayBufferLike; capacity: number } | null) {
    if (shared) this.attach(shared.buffer, shared.capacity);
  }

  get isShared(): boolean {
    return this.control !== null;
  }

  /** Debug drawing: copy the touching contact points into each frame (off by default). */
  debugContacts = false;
  private contactCapacity = 0;
  private contactScratch = new Float64Array(64 * ContactPointRecord.Size);
  private contactCount = 0;

  publish(world: World, info: FrameInfo, rays: PersistentRays, characters: Characters): Published {
    const slots = world.getBodySlotCount();
    this.ensurePrev(slots);
    this.readContacts(world);
    const points = this.contactCount;
    const frameNo = ++this.frameNo;
    if (this.control) {
      const grown = slots > this.capacity || points > this.contactCapacity ? this.grow(slots, points) : null;
      const control = this.control;
      Atomics.store(control, Control.Writing, frameNo);
      const frame = this.frames![frameNo & 1]!;
      this.fill(frame, world, info, frameNo, slots, rays, characters);
      this.writeContacts(frame, this.capacity);
      Atomics.store(control, Control.Published, frameNo);
      if (grown) Atomics.store(this.oldControl!, Control.Superseded, 1);
      this.oldControl = null;
      return { grown, frame: null };
    }
    const bytes = transferBytes(capacityFor(slots), points);
    const side = frameNo & 1;
    let frame = this.copies[side] ?? null;
    if (frame === null || frame.byteLength < bytes) {
      frame = new Float64Array(bytes / 8);
      this.copies[side] = frame;
    }
    this.fill(frame, world, info, frameNo, slots, rays, characters);
    this.writeContacts(frame, capacityFor(slots));
    return { grown: null, frame: frame.buffer as ArrayBuffer };
  }

  private oldControl: Int32Array | null = null;

  private sharedMemory = false;

  private attach(buffer: ArrayBufferLike, capacity: number): void {
    this.sharedMemory = typeof SharedArrayBuffer !== 'undefined' && buffer instanceof SharedArrayBuffer;
    this.control = new Int32Array(buffer, 0, CONTROL_BYTES / 4);
    this.contactCapacity = Atomics.load(this.control, Control.ContactCapacity);
    this.frames = frameViews(buffer, capacity, this.contactCapacity);
    this.capacity = capacity;
  }

  /**
   * Moves to a buffer with room for `slots` bodies and `points` contact points; the old one
   * is marked superseded once this frame is out.
   */
  private grow(slots: number, points: number): ArrayBufferLike {
    const capacity = capacityFor(Math.max(slots, this.capacity));
    const contacts = points > this.contactCapacity ? capacityFor(points) : this.contactCapacity;
    // Same kind as before: shared memory across threads, a plain buffer in one thread.
    const buffer = createFrameBuffer(capacity, this.sharedMemory, contacts);
    this.oldControl = this.control;
    this.attach(buffer, capacity);
    return buffer;
  }

  /** Reads the world's touching contact points into the scratch (when debug contacts are on). */
  private readContacts(world: World): void {
    if (!this.debugContacts) {
      this.contactCount = 0;
      return;
    }
    let n = world.readContactPoints(this.contactScratch);
    if (n * ContactPointRecord.Size > this.contactScratch.length) {
      this.contactScratch = new Float64Array(capacityFor(n) * ContactPointRecord.Size);
      n = world.readContactPoints(this.contactScratch);
    }
    this.contactCount = n;
  }

  /** Copies the scratch's contact points into a frame whose body records have room for `capacity` slots. */
  private writeContacts(frame: Float64Array, capacity: number): void {
    const n = this.contactCount;
    frame[Header.ContactPoints] = n;
    frame[Header.RecordCapacity] = capacity;
    const o = contactsOffset(capacity);
    const scratch = this.contactScratch;
    for (let k = 0; k < n * ContactPointRecord.Size; k++) frame[o + k] = scratch[k]!;
  }

  private ensurePrev(slots: number): void {
    if (this.prevId.length >= slots) return;
    const n = capacityFor(slots);
    const pose = new Float64Array(n * 4);
    pose.set(this.prevPose);
    this.prevPose = pose;
    const ids = new Float64Array(n);
    ids.set(this.prevId);
    this.prevId = ids;
  }

  private fill(
    frame: Float64Array,
    world: World,
    info: FrameInfo,
    frameNo: number,
    slots: number,
    rays: PersistentRays,
    characters: Characters,
  ): void {
    rays.write(frame);
    characters.write(frame);
    world.readBodyTransforms(frame, Record.Size, RECORDS);
    const prevPose = this.prevPose;
    const prevId = this.prevId;
    let moved = 0;
    for (let b = 0; b < slots; b++) {
      const o = RECORDS + b * Record.Size;
      const p = b * 4;
      const id = frame[o + BodyRecord.Id]!;
      const x = frame[o + BodyRecord.X]!;
      const y = frame[o + BodyRecord.Y]!;
      const c = frame[o + BodyRecord.C]!;
      const s = frame[o + BodyRecord.S]!;
      if (prevId[b] !== id) {
        // A new body in this slot: it has no previous pose to come from.
        prevId[b] = id;
        prevPose[p] = x;
        prevPose[p + 1] = y;
        prevPose[p + 2] = c;
        prevPose[p + 3] = s;
      }
      const x0 = prevPose[p]!;
      const y0 = prevPose[p + 1]!;
      const c0 = prevPose[p + 2]!;
      const s0 = prevPose[p + 3]!;
      frame[o + Record.X0] = x0;
      frame[o + Record.Y0] = y0;
      frame[o + Record.C0] = c0;
      frame[o + Record.S0] = s0;
      const changed = x !== x0 || y !== y0 || c !== c0 || s !== s0;
      frame[o + Record.Moved] = changed ? 1 : 0;
      if (changed) moved++;
      prevPose[p] = x;
      prevPose[p + 1] = y;
      prevPose[p + 2] = c;
      prevPose[p + 3] = s;
    }
    const counters = info.counters;
    frame[Header.Frame] = frameNo;
    frame[Header.StepCount] = counters.stepCount;
    frame[Header.SimTime] = info.simTime;
    frame[Header.PublishTime] = wallClock();
    frame[Header.TimeStep] = info.timeStep;
    frame[Header.SlotCount] = slots;
    frame[Header.BodyCount] = counters.bodyCount;
    frame[Header.AwakeBodyCount] = counters.awakeBodyCount;
    frame[Header.ContactCount] = counters.contactCount;
    frame[Header.TouchingContactCount] = counters.touchingContactCount;
    frame[Header.JointCount] = counters.jointCount;
    frame[Header.StepMs] = info.stepMs;
    frame[Header.MovedCount] = moved;
    frame[Header.Paused] = info.paused ? 1 : 0;
    frame[Header.TimeScale] = info.timeScale;
    const profile = info.profile;
    frame[Header.ProfilePairs] = profile.pairs;
    frame[Header.ProfileCollide] = profile.collide;
    frame[Header.ProfileSolve] = profile.solve;
    frame[Header.ProfileContinuous] = profile.continuous;
    frame[Header.ProfileSleep] = profile.sleep;
    frame[Header.ProfileSensors] = profile.sensors;
  }
}
