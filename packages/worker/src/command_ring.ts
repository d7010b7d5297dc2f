/**
 * The input ring: per-frame inputs (forces, impulses, velocities, poses, wake, a mouse
 * joint's target, a motor's speed) travel from the main thread to the worker through
 * shared memory, so a game that pushes its bodies every frame sends no message.
 *
 * A single-producer single-consumer ring of fixed-size entries. The main thread writes
 * entries and then publishes its head; the worker reads up to the head before each step
 * and publishes its tail. Order with the commands that travel in messages (creating a
 * body, then pushing it) is kept by numbering: each entry carries how many messages had
 * been sent when it was written, and the worker applies an entry only once it has
 * applied that many messages; a message is applied only after the entries written
 * before it.
 */
import type { BodyId, JointId, Vec2, World } from '@impulse/core';
import type { Characters } from './characters.js';
import type { PersistentRays } from './persistent_rays.js';

/** Int32 words before the entries (a multiple of two, so entries are float64-aligned). */
const Control = { Head: 0, Tail: 1, Size: 4 } as const;

/** Doubles of one entry: messages sent before it, opcode, id, up to five arguments. */
const ENTRY = 8;

/** Entries the ring holds: a frame's inputs for thousands of bodies. */
export const RING_ENTRIES = 8192;

export const Op = {
  SetLinearVelocity: 1,
  SetAngularVelocity: 2,
  SetTransform: 3,
  ApplyForce: 4,
  ApplyForceToCenter: 5,
  ApplyTorque: 6,
  ApplyLinearImpulse: 7,
  ApplyLinearImpulseToCenter: 8,
  ApplyAngularImpulse: 9,
  SetAwake: 10,
  SetJointTarget: 11,
  SetJointMotorSpeed: 12,
  /** Moves persistent ray `id` (its slot) to origin (a, b), translation (c, d). */
  MoveRay: 13,
  /** Sets character `id` (its slot)'s velocity to (a, b). */
  SetCharacterVelocity: 14,
} as const;
export type Op = (typeof Op)[keyof typeof Op];

export function createRingBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(Control.Size * 4 + RING_ENTRIES * ENTRY * 8);
}

/** The main thread's end. */
export class RingWriter {
  private readonly control: Int32Array;
  private readonly entries: Float64Array;
  private head = 0;

  constructor(buffer: SharedArrayBuffer) {
    this.control = new Int32Array(buffer, 0, Control.Size);
    this.entries = new Float64Array(buffer, Control.Size * 4, RING_ENTRIES * ENTRY);
  }

  /** Writes one entry; false when the ring is full (the caller sends the input in a message). */
  push(messagesSent: number, op: Op, id: number, a = 0, b = 0, c = 0, d = 0, e = 0): boolean {
    const tail = Atomics.load(this.control, Control.Tail);
    if (this.head - tail >= RING_ENTRIES) return false;
    const o = (this.head % RING_ENTRIES) * ENTRY;
    const x = this.entries;
    x[o] = messagesSent;
    x[o + 1] = op;
    x[o + 2] = id;
    x[o + 3] = a;
    x[o + 4] = b;
    x[o + 5] = c;
    x[o + 6] = d;
    x[o + 7] = e;
    this.head++;
    Atomics.store(this.control, Control.Head, this.head);
    return true;
  }
}

/** The worker's end. */
export class RingReader {
  private readonly control: Int32Array;
  private readonly entries: Float64Array;
  private tail = 0;
  private readonly v: { x: number; y: number } = { x: 0, y: 0 };
  private readonly p: { x: number; y: number } = { x: 0, y: 0 };
  private readonly target = { target: { x: 0, y: 0 } };
  private readonly motor = { motorSpeed: 0 };

  constructor(
    buffer: SharedArrayBuffer,
    private readonly rays: PersistentRays,
    private readonly characters: Characters,
  ) {
    this.control = new Int32Array(buffer, 0, Control.Size);
    this.entries = new Float64Array(buffer, Control.Size * 4, RING_ENTRIES * ENTRY);
  }

  /**
   * Applies, in order, the entries written after at most `messagesApplied` messages;
   * stops at the first that needs a message not yet here. Returns the first error (an
   * entry the world refused; the others still apply).
   */
  drain(world: World, messagesApplied: number): string | null {
    const head = Atomics.load(this.control, Control.Head);
    let error: string | null = null;
    while (this.tail < head) {
      const o = (this.tail % RING_ENTRIES) * ENTRY;
      if (this.entries[o]! > messagesApplied) break;
      try {
        this.apply(world, o);
      } catch (e) {
        error ??= e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      }
      this.tail++;
    }
    Atomics.store(this.control, Control.Tail, this.tail);
    return error;
  }

  private apply(world: World, o: number): void {
    const x = this.entries;
    const op = x[o + 1]!;
    const id = x[o + 2]!;
    const a = x[o + 3]!;
    const b = x[o + 4]!;
    const c = x[o + 5]!;
    const d = x[o + 6]!;
    const e = x[o + 7]!;
    const body = id as BodyId;
    const v = this.v;
    const p = this.p;
    switch (op) {
      case Op.SetLinearVelocity:
        v.x = a;
        v.y = b;
        world.setBodyLinearVelocity(body, v);
        break;
      case Op.SetAngularVelocity:
        world.setBodyAngularVelocity(body, a);
        break;
      case Op.SetTransform:
        p.x = a;
        p.y = b;
        world.setBodyTransform(body, p, c);
        break;
      case Op.ApplyForce:
        v.x = a;
        v.y = b;
        p.x = c;
        p.y = d;
        world.applyBodyForce(body, v, p, e === 1);
        break;
      case Op.ApplyForceToCenter:
        v.x = a;
        v.y = b;
        world.applyBodyForceToCenter(body, v, c === 1);
        break;
      case Op.ApplyTorque:
        world.applyBodyTorque(body, a, b === 1);
        break;
      case Op.ApplyLinearImpulse:
        v.x = a;
        v.y = b;
        p.x = c;
        p.y = d;
        world.applyBodyLinearImpulse(body, v, p, e === 1);
        break;
      case Op.ApplyLinearImpulseToCenter:
        v.x = a;
        v.y = b;
        world.applyBodyLinearImpulseToCenter(body, v, c === 1);
        break;
      case Op.ApplyAngularImpulse:
        world.applyBodyAngularImpulse(body, a, b === 1);
        break;
      case Op.SetAwake:
        world.setBodyAwake(body, a === 1);
        break;
      case Op.SetJointTarget:
        this.target.target.x = a;
        this.target.target.y = b;
        world.setJointParams(id as JointId, this.target);
        break;
      case Op.SetJointMotorSpeed:
        this.motor.motorSpeed = a;
        world.setJointParams(id as JointId, this.motor);
        break;
      case Op.MoveRay:
        this.rays.move(id, a, b, c, d);
        break;
      case Op.SetCharacterVelocity:
        this.characters.setVelocity(id, a, b);
        break;
      default:
        throw new Error(`input ring: unknown opcode ${op}`);
    }
  }
}

/** The one key of a joint-parameter update the ring carries, or null when it must go in a message. */
export function ringJointParam(params: object): 'target' | 'motorSpeed' | null {
  let only: string | null = null;
  for (const key in params) {
    if (only !== null) return null;
    only = key;
  }
  if (only === 'target') {
    const t = (params as { target?: Vec2 }).target;
    return t !== null && typeof t === 'object' ? 'target' : null;
  }
  return only === 'motorSpeed' ? 'motorSpeed' : null;
}
