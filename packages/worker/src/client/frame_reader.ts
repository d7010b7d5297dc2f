/**
 * The main thread's side of the frame buffer: reads the last published frame with no
 * message and no lock wait (see frame_layout.ts). Every read either copies one frame
 * whole or retries; it never returns values of two different steps. Reads allocate
 * nothing.
 */
import { BodyRecord, ContactPointRecord } from '@impulse/core/contract';
import {
  CHARACTERS,
  CharacterState,
  CONTROL_BYTES,
  Control,
  contactsOffset,
  frameViews,
  Header,
  RAYS,
  RayResult,
  Record,
  RECORDS,
} from '../protocol/frame_layout.js';

/** Gives up retrying after this many torn attempts (only a writer far faster than the reader gets here). */
const MAX_ATTEMPTS = 64;

export class FrameReader {
  private control: Int32Array | null = null;
  private frames: [Float64Array, Float64Array] | null = null;
  /** A larger buffer the writer moved to, adopted once it has a frame or the old one says so. */
  private next: { control: Int32Array; frames: [Float64Array, Float64Array] } | null = null;
  /** Transfer transport: the newest frame received (immutable once here). */
  private latest: Float64Array | null = null;
  /** The frame the last successful read used. */
  private frame: Float64Array | null = null;

  /** Shared transport: reads the buffer the writer publishes into. */
  attachShared(buffer: ArrayBufferLike): void {
    const control = new Int32Array(buffer, 0, CONTROL_BYTES / 4);
    const frames = frameViews(
      buffer,
      Atomics.load(control, Control.Capacity),
      Atomics.load(control, Control.ContactCapacity),
    );
    if (this.control === null) {
      this.control = control;
      this.frames = frames;
    } else {
      this.next = { control, frames };
    }
  }

  /** Copy transport: installs a newly received frame (a copy the worker sent). */
  receive(buffer: ArrayBuffer): void {
    this.latest = new Float64Array(buffer);
  }

  /**
   * Pins the newest complete frame for reading and returns its number (0: none yet). A
   * read is `begin()`, reads of `frameView()`, then `valid()`: false means the writer
   * began overwriting that frame meanwhile and the read must be repeated.
   */
  begin(): number {
    if (this.latest) {
      this.frame = this.latest;
      return this.frame[Header.Frame]!;
    }
    if (this.next && this.shouldAdoptNext()) {
      this.control = this.next.control;
      this.frames = this.next.frames;
      this.next = null;
    }
    const control = this.control;
    if (control === null) return 0;
    const f = Atomics.load(control, Control.Published);
    this.frame = f === 0 ? null : this.frames![f & 1]!;
    return f;
  }

  frameView(): Float64Array {
    return this.frame!;
  }

  valid(frameNo: number): boolean {
    if (this.latest || this.control === null) return true;
    return Atomics.load(this.control, Control.Writing) < frameNo + 2;
  }

  private shouldAdoptNext(): boolean {
    const next = this.next!;
    return (
      Atomics.load(next.control, Control.Published) > 0 ||
      (this.control !== null && Atomics.load(this.control, Control.Superseded) === 1)
    );
  }

  /** One header field of the newest frame (0 before the first frame). */
  header(field: number): number {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const f = this.begin();
      if (f === 0) return 0;
      const value = this.frame![field]!;
      if (this.valid(f)) return value;
    }
    throw new Error('@impulse/worker: could not read a consistent frame');
  }

  /**
   * Copies the newest frame's whole header into `out` (Header.Size doubles), so fields
   * read together come from one step; zeros before the first frame.
   */
  readHeader(out: Float64Array): void {
    if (!this.copyBlock(0, Header.Size, out)) out.fill(0);
  }

  /**
   * Copies body `slot`'s record into `out` (Record.Size doubles) when the slot holds body
   * `id` in the newest frame. False when it does not (not yet stepped, or no frame yet).
   */
  readRecord(slot: number, id: number, out: Float64Array): boolean {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const f = this.begin();
      if (f === 0) return false;
      const frame = this.frame!;
      if (slot >= frame[Header.SlotCount]!) return false;
      const o = RECORDS + slot * Record.Size;
      for (let k = 0; k < Record.Size; k++) out[k] = frame[o + k]!;
      if (this.valid(f)) return out[BodyRecord.Id] === id;
    }
    throw new Error('@impulse/worker: could not read a consistent frame');
  }

  /** Copies persistent ray `slot`'s result of the newest frame into `out`; false before any frame. */
  readRay(slot: number, out: Float64Array): boolean {
    return this.copyBlock(RAYS + slot * RayResult.Size, RayResult.Size, out);
  }

  /**
   * Copies the newest frame's debug contact points into `out` (`stride` apart, up to what
   * fits) and returns how many there are (0 unless debug contacts are on).
   */
  readContactPoints(out: Float64Array, stride: number): number {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const f = this.begin();
      if (f === 0) return 0;
      const frame = this.frame!;
      const n = frame[Header.ContactPoints]!;
      const o = contactsOffset(frame[Header.RecordCapacity]!);
      const fit = Math.min(n, Math.floor(out.length / stride));
      for (let p = 0; p < fit; p++) {
        for (let k = 0; k < ContactPointRecord.Size; k++)
          out[p * stride + k] = frame[o + p * ContactPointRecord.Size + k]!;
      }
      if (this.valid(f)) return n;
    }
    throw new Error('@impulse/worker: could not read a consistent frame');
  }

  /** Copies character `slot`'s state of the newest frame into `out`; false before any frame. */
  readCharacter(slot: number, out: Float64Array): boolean {
    return this.copyBlock(CHARACTERS + slot * CharacterState.Size, CharacterState.Size, out);
  }

  private copyBlock(offset: number, size: number, out: Float64Array): boolean {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const f = this.begin();
      if (f === 0) return false;
      const frame = this.frame!;
      for (let k = 0; k < size; k++) out[k] = frame[offset + k]!;
      if (this.valid(f)) return true;
    }
    throw new Error('@impulse/worker: could not read a consistent frame');
  }

  /**
   * Copies every slot of the newest frame into `out` as core BodyRecords (`stride` apart,
   * from `offset`), blending the pose towards the previous step by `1 - alpha` when
   * `alpha` < 1. Returns the slot count (0 before the first frame).
   */
  readBodies(out: Float64Array, stride: number, offset: number, alpha: number): number {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const f = this.begin();
      if (f === 0) return 0;
      const frame = this.frame!;
      const slots = frame[Header.SlotCount]!;
      if (offset + slots * stride > out.length) {
        throw new RangeError(
          `readBodyTransforms: out.length must be at least ${offset + slots * stride} (offset + ${slots} slots * stride ${stride}), got ${out.length}`,
        );
      }
      if (alpha >= 1) copyRecords(frame, slots, out, stride, offset);
      else blendRecords(frame, slots, out, stride, offset, alpha < 0 ? 0 : alpha);
      if (this.valid(f)) return slots;
    }
    throw new Error('@impulse/worker: could not read a consistent frame');
  }
}

function copyRecords(frame: Float64Array, slots: number, out: Float64Array, stride: number, offset: number) {
  if (stride === BodyRecord.Size && Record.Size === BodyRecord.Size) {
    out.set(frame.subarray(RECORDS, RECORDS + slots * Record.Size), offset);
    return;
  }
  for (let b = 0; b < slots; b++) copyRecord(frame, RECORDS + b * Record.Size, out, offset + b * stride);
}

/** Copies the body record at `i` of the frame into `out` at `o`, as a core BodyRecord. */
function copyRecord(frame: Float64Array, i: number, out: Float64Array, o: number): void {
  out[o + BodyRecord.Id] = frame[i + BodyRecord.Id]!;
  out[o + BodyRecord.Awake] = frame[i + BodyRecord.Awake]!;
  out[o + BodyRecord.X] = frame[i + BodyRecord.X]!;
  out[o + BodyRecord.Y] = frame[i + BodyRecord.Y]!;
  out[o + BodyRecord.C] = frame[i + BodyRecord.C]!;
  out[o + BodyRecord.S] = frame[i + BodyRecord.S]!;
  out[o + BodyRecord.VX] = frame[i + BodyRecord.VX]!;
  out[o + BodyRecord.VY] = frame[i + BodyRecord.VY]!;
  out[o + BodyRecord.W] = frame[i + BodyRecord.W]!;
}

/**
 * Linear blend of positions; rotations blend their cosine and sine, renormalised (nlerp).
 * A body that did not move in the step (most of a resting world) is copied as it is.
 */
function blendRecords(
  frame: Float64Array,
  slots: number,
  out: Float64Array,
  stride: number,
  offset: number,
  alpha: number,
) {
  const beta = 1 - alpha;
  for (let b = 0; b < slots; b++) {
    const i = RECORDS + b * Record.Size;
    const o = offset + b * stride;
    copyRecord(frame, i, out, o);
    if (frame[i + Record.Moved] === 0) continue;
    const x = frame[i + BodyRecord.X]!;
    const y = frame[i + BodyRecord.Y]!;
    const c = frame[i + BodyRecord.C]!;
    const s = frame[i + BodyRecord.S]!;
    out[o + BodyRecord.X] = beta * frame[i + Record.X0]! + alpha * x;
    out[o + BodyRecord.Y] = beta * frame[i + Record.Y0]! + alpha * y;
    const bc = beta * frame[i + Record.C0]! + alpha * c;
    const bs = beta * frame[i + Record.S0]! + alpha * s;
    const len = Math.sqrt(bc * bc + bs * bs);
    out[o + BodyRecord.C] = len > 0 ? bc / len : 1;
    out[o + BodyRecord.S] = len > 0 ? bs / len : 0;
  }
}
