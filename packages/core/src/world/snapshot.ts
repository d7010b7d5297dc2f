/**
 * Snapshot and restore: `World.snapshot` and `World.restore`, a world feature
 * (world_features.ts) that a host loads on the first call.
 *
 * A snapshot is every array the step reads, written in slot order, plus the free lists
 * and awake lists in their exact order, so a restored world makes the same choices as
 * the original: same slot reuse, same solver order, same warm-start impulses. The
 * broad-phase trees are rebuilt from the saved fat boxes; that is enough because the
 * pairs they produce are sorted before use, so tree shape never changes a result.
 * User data and mixer functions are not serialisable and stay out.
 */

import type { Column } from '../base/columns.js';
import { bodyStoreColumns } from '../dynamics/body_store.js';
import { contactStoreColumns } from '../dynamics/contact_store.js';
import { rebuildAwakeContactPairs } from '../dynamics/awake_contacts.js';
import {
  AABB,
  Capsule,
  ChainSegment,
  Circle,
  type Geometry,
  Polygon,
  Segment,
  ShapeType,
} from '../geometry/geometry.js';
import type { SlotPool } from '../base/id.js';
import { type JointData, jointStoreColumns } from '../joints/joint_store.js';
import { createJointData } from '../joints/registry.js';
import { shapeStoreColumns } from '../dynamics/shape_store.js';
import { rebuildSensorList } from '../dynamics/sensor.js';
import { cacheQuad } from '../collision/manifold.js';
import { WorldState } from './world_state.js';
import { pairSearchMask } from '../dynamics/shape_filter.js';

const MAGIC = 0x494d5053; // "IMPS"
/**
 * 3: distance, prismatic and wheel joints keep no start-of-step masses (their solves compute them).
 * 4: the sensors' current overlap set (dynamics/sensor.ts) follows the awake lists.
 * 5: the shapes' tight boxes are one column of records (ShapeStore.box), saved with the
 *    strided columns after the single ones, where they were four columns.
 */
const VERSION = 5;

class Writer {
  buf = new ArrayBuffer(1 << 16);
  view = new DataView(this.buf);
  pos = 0;

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.byteLength) return;
    let size = this.buf.byteLength * 2;
    while (size < this.pos + n) size *= 2;
    const next = new ArrayBuffer(size);
    new Uint8Array(next).set(new Uint8Array(this.buf, 0, this.pos));
    this.buf = next;
    this.view = new DataView(next);
  }

  f64(v: number): void {
    this.ensure(8);
    this.view.setFloat64(this.pos, v, true);
    this.pos += 8;
  }

  i32(v: number): void {
    this.ensure(4);
    this.view.setInt32(this.pos, v, true);
    this.pos += 4;
  }

  /** The first `n` elements of a typed array, little-endian. */
  array(a: Float64Array | Int32Array | Uint32Array | Uint8Array, n: number): void {
    this.i32(n);
    const bytes = a.BYTES_PER_ELEMENT;
    this.ensure(n * bytes);
    for (let i = 0; i < n; i++) {
      if (a instanceof Float64Array) this.view.setFloat64(this.pos, a[i]!, true);
      else if (a instanceof Int32Array) this.view.setInt32(this.pos, a[i]!, true);
      else if (a instanceof Uint32Array) this.view.setUint32(this.pos, a[i]!, true);
      else this.view.setUint8(this.pos, a[i]!);
      this.pos += bytes;
    }
  }

  /** The bytes written so far, followed by their FNV-1a checksum. */
  bytes(): Uint8Array {
    const body = new Uint8Array(this.buf, 0, this.pos);
    const out = new Uint8Array(this.pos + 4);
    out.set(body);
    new DataView(out.buffer).setUint32(this.pos, checksum(body), true);
    return out;
  }
}

function checksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

class Reader {
  view: DataView;
  pos = 0;

  /** Checks the trailing checksum, then reads the payload before it. */
  constructor(bytes: Uint8Array) {
    if (bytes.byteLength < 12) {
      throw new RangeError(`restore: snapshot is truncated (${bytes.byteLength} bytes)`);
    }
    const payload = bytes.subarray(0, bytes.byteLength - 4);
    const stored = new DataView(bytes.buffer, bytes.byteOffset + payload.byteLength, 4).getUint32(0, true);
    if (stored !== checksum(payload)) {
      throw new RangeError('restore: snapshot is corrupt or truncated (checksum mismatch)');
    }
    this.view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  }

  private need(n: number): void {
    if (this.pos + n > this.view.byteLength) {
      throw new RangeError(`restore: snapshot is truncated (needed ${n} bytes at offset ${this.pos})`);
    }
  }

  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  i32(): number {
    this.need(4);
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }

  /** Reads an array written by Writer.array into `a` (which must be large enough). */
  into<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(a: T): number {
    const n = this.i32();
    const bytes = a.BYTES_PER_ELEMENT;
    this.need(n * bytes);
    if (n > a.length) throw new RangeError(`restore: snapshot is corrupt (array of ${n} > ${a.length})`);
    for (let i = 0; i < n; i++) {
      if (a instanceof Float64Array) a[i] = this.view.getFloat64(this.pos, true);
      else if (a instanceof Int32Array) a[i] = this.view.getInt32(this.pos, true);
      else if (a instanceof Uint32Array) a[i] = this.view.getUint32(this.pos, true);
      else a[i] = this.view.getUint8(this.pos);
      this.pos += bytes;
    }
    return n;
  }
}

function writePool(wr: Writer, pool: SlotPool): void {
  wr.i32(pool.next);
  wr.i32(pool.count);
  wr.array(pool.generation, pool.next);
  wr.array(pool.alive, pool.next);
  wr.i32(pool.free.length);
  for (const f of pool.free) wr.i32(f);
}

function readPool(rd: Reader, pool: SlotPool): void {
  const next = rd.i32();
  const count = rd.i32();
  let cap = 16;
  while (cap < next) cap *= 2;
  pool.generation = new Uint32Array(cap);
  pool.alive = new Uint8Array(cap);
  rd.into(pool.generation);
  rd.into(pool.alive);
  pool.next = next;
  pool.count = count;
  const nFree = rd.i32();
  pool.free.length = 0;
  for (let i = 0; i < nFree; i++) pool.free.push(rd.i32());
}

/**
 * Joint data objects are plain classes of number and boolean fields (and Softness
 * objects of numbers). Their keys come in declaration order, the same for every
 * instance of a class, so writing values in key order and reading them back into a
 * fresh instance of the same type restores every parameter and warm-start impulse.
 */
function writeJointData(wr: Writer, d: object): void {
  for (const key of Object.keys(d)) {
    const v = (d as Record<string, unknown>)[key];
    if (typeof v === 'number') wr.f64(v);
    else if (typeof v === 'boolean') wr.f64(v ? 1 : 0);
    else if (typeof v === 'object' && v !== null) writeJointData(wr, v);
  }
}

function readJointData(rd: Reader, d: object): void {
  const record = d as Record<string, unknown>;
  for (const key of Object.keys(d)) {
    const v = record[key];
    if (typeof v === 'number') record[key] = rd.f64();
    else if (typeof v === 'boolean') record[key] = rd.f64() === 1;
    else if (typeof v === 'object' && v !== null) readJointData(rd, v);
  }
}

function writeGeometry(wr: Writer, type: ShapeType, g: Geometry): void {
  switch (type) {
    case ShapeType.Circle: {
      const c = g as Circle;
      for (const v of [c.cx, c.cy, c.radius]) wr.f64(v);
      return;
    }
    case ShapeType.Capsule: {
      const c = g as Capsule;
      for (const v of [c.c1x, c.c1y, c.c2x, c.c2y, c.radius]) wr.f64(v);
      return;
    }
    case ShapeType.Segment: {
      const s = g as Segment;
      for (const v of [s.p1x, s.p1y, s.p2x, s.p2y]) wr.f64(v);
      return;
    }
    case ShapeType.ChainSegment: {
      const s = g as ChainSegment;
      for (const v of [s.g1x, s.g1y, s.p1x, s.p1y, s.p2x, s.p2y, s.g2x, s.g2y]) wr.f64(v);
      return;
    }
    default: {
      const p = g as Polygon;
      wr.i32(p.count);
      for (const v of [p.radius, p.centroidX, p.centroidY]) wr.f64(v);
      wr.array(p.vx, p.count);
      wr.array(p.vy, p.count);
      wr.array(p.nx, p.count);
      wr.array(p.ny, p.count);
    }
  }
}

function readGeometry(rd: Reader, type: number): Geometry {
  switch (type) {
    case ShapeType.Circle:
      return new Circle(rd.f64(), rd.f64(), rd.f64());
    case ShapeType.Capsule:
      return new Capsule(rd.f64(), rd.f64(), rd.f64(), rd.f64(), rd.f64());
    case ShapeType.Segment:
      return new Segment(rd.f64(), rd.f64(), rd.f64(), rd.f64());
    case ShapeType.ChainSegment:
      return new ChainSegment(rd.f64(), rd.f64(), rd.f64(), rd.f64(), rd.f64(), rd.f64(), rd.f64(), rd.f64());
    case ShapeType.Polygon: {
      const p = new Polygon();
      p.count = rd.i32();
      p.radius = rd.f64();
      p.centroidX = rd.f64();
      p.centroidY = rd.f64();
      rd.into(p.vx);
      rd.into(p.vy);
      rd.into(p.nx);
      rd.into(p.ny);
      return p;
    }
    default:
      throw new RangeError(`restore: snapshot is corrupt (shape type ${type})`);
  }
}

/** A store's slot pool, then each column up to the pool's high-water mark. */
function writeStore(wr: Writer, pool: SlotPool, columns: [Column, number][]): void {
  writePool(wr, pool);
  for (const [a, perSlot] of columns) wr.array(a, pool.next * perSlot);
}

/** Reads back what writeStore wrote, into `store` grown to hold it. */
function readStore<S extends { readonly pool: SlotPool; ensureCapacity(n: number): void }>(
  rd: Reader,
  store: S,
  columnsOf: (store: S) => [Column, number][],
): void {
  readPool(rd, store.pool);
  store.ensureCapacity(Math.max(store.pool.next, 1));
  for (const [a] of columnsOf(store)) rd.into(a);
}

export function snapshotWorld(w: WorldState): Uint8Array {
  const wr = new Writer();
  wr.i32(MAGIC);
  wr.i32(VERSION);
  const s = w.settings;
  for (const v of [
    s.gravityX,
    s.gravityY,
    s.subSteps,
    s.contactHertz,
    s.contactDampingRatio,
    s.maxContactPushSpeed,
    s.restitutionThreshold,
    s.maxLinearSpeed,
    s.enableSleep ? 1 : 0,
    s.enableWarmStarting ? 1 : 0,
    s.jointHertz,
    s.jointDampingRatio,
    s.hitEventThreshold,
    s.enableContinuous ? 1 : 0,
    s.continuousMinSpeed,
    w.stepCount,
  ]) {
    wr.f64(v);
  }

  writeStore(wr, w.bodies.pool, bodyStoreColumns(w.bodies));

  const shapes = w.shapes;
  const ns = shapes.pool.next;
  writeStore(wr, shapes.pool, shapeStoreColumns(shapes));
  const fat = new AABB();
  for (let i = 0; i < ns; i++) {
    if (shapes.pool.alive[i] !== 1) continue;
    writeGeometry(wr, shapes.typeOf(i), shapes.geometry[i]!);
    const key = shapes.proxyKey[i]!;
    wr.i32(key === -1 ? 0 : 1);
    if (key !== -1) {
      w.broadPhase.getFatAABB(key, fat);
      for (const v of [fat.minX, fat.minY, fat.maxX, fat.maxY]) wr.f64(v);
      wr.i32(w.broadPhase.isMoved(key) ? 1 : 0);
    }
  }

  wr.i32(w.chains.length);
  for (let i = 0; i < w.chains.length; i++) {
    const record = w.chains[i];
    wr.i32(w.chainGeneration[i]!);
    if (record === null || record === undefined) {
      wr.i32(-1);
      continue;
    }
    wr.i32(record.body);
    wr.i32(record.shapes.length);
    for (const sh of record.shapes) wr.i32(sh);
  }
  wr.i32(w.chainFree.length);
  for (const f of w.chainFree) wr.i32(f);

  writeStore(wr, w.contacts.pool, contactStoreColumns(w.contacts));

  const joints = w.joints;
  const nj = joints.pool.next;
  writeStore(wr, joints.pool, jointStoreColumns(joints));
  for (let j = 0; j < nj; j++) {
    if (joints.pool.alive[j] === 1) writeJointData(wr, joints.data[j]!);
  }

  wr.array(w.awakeBodies, w.awakeBodyCount);
  wr.array(w.awakeContacts, w.awakeContactCount);
  const sensors = w.sensors;
  wr.i32(sensors.keyCount);
  wr.array(sensors.keys, sensors.keyCount);
  return wr.bytes();
}

/** Fills a fresh WorldState from a snapshot. Throws on a malformed buffer. */
export function restoreWorld(w: WorldState, bytes: Uint8Array): void {
  const rd = new Reader(bytes);
  if (rd.i32() !== MAGIC) throw new RangeError('restore: snapshot is not an Impulse world snapshot');
  const version = rd.i32();
  if (version !== VERSION)
    throw new RangeError(`restore: snapshot version must be ${VERSION}, got ${version}`);
  const s = w.settings;
  s.gravityX = rd.f64();
  s.gravityY = rd.f64();
  s.subSteps = rd.f64();
  s.contactHertz = rd.f64();
  s.contactDampingRatio = rd.f64();
  s.maxContactPushSpeed = rd.f64();
  s.restitutionThreshold = rd.f64();
  s.maxLinearSpeed = rd.f64();
  s.enableSleep = rd.f64() === 1;
  s.enableWarmStarting = rd.f64() === 1;
  s.jointHertz = rd.f64();
  s.jointDampingRatio = rd.f64();
  s.hitEventThreshold = rd.f64();
  s.enableContinuous = rd.f64() === 1;
  s.continuousMinSpeed = rd.f64();
  s.version++;
  w.stepCount = rd.f64();

  const bodies = w.bodies;
  readStore(rd, bodies, bodyStoreColumns);
  bodies.userData.length = 0;

  const shapes = w.shapes;
  readStore(rd, shapes, shapeStoreColumns);
  for (let i = 0; i < shapes.pool.next; i++) {
    shapes.proxyKey[i] = -1;
    if (shapes.pool.alive[i] !== 1) continue;
    const geometry = readGeometry(rd, shapes.type[i]!);
    shapes.geometry[i] = geometry;
    cacheQuad(w.quadCache, i, geometry instanceof Polygon && geometry.count === 4 ? geometry : null);
    if (rd.i32() === 1) {
      const minX = rd.f64();
      const minY = rd.f64();
      const maxX = rd.f64();
      const maxY = rd.f64();
      const moved = rd.i32() === 1;
      const type = bodies.type[shapes.body[i]!]!;
      const mask = pairSearchMask(shapes.maskBits[i]!, shapes.groupIndex[i]!);
      const key = w.broadPhase.createProxy(
        minX,
        minY,
        maxX,
        maxY,
        shapes.categoryBits[i]!,
        i,
        type,
        false,
        mask,
      );
      if (moved) w.broadPhase.bufferMove(key);
      else w.broadPhase.clearMove(key);
      shapes.proxyKey[i] = key;
    }
  }

  const chainCount = rd.i32();
  for (let i = 0; i < chainCount; i++) {
    w.chainGeneration.push(rd.i32());
    const body = rd.i32();
    if (body === -1) {
      w.chains.push(null);
      continue;
    }
    const n = rd.i32();
    const list: number[] = [];
    for (let k = 0; k < n; k++) list.push(rd.i32());
    w.chains.push({ body, shapes: list });
  }
  const nFree = rd.i32();
  for (let i = 0; i < nFree; i++) w.chainFree.push(rd.i32());

  const contacts = w.contacts;
  readStore(rd, contacts, contactStoreColumns);
  for (let c = 0; c < contacts.pool.next; c++) {
    if (contacts.pool.alive[c] === 1) w.pairs.insert(contacts.shapeA[c]!, contacts.shapeB[c]!, c);
  }

  const joints = w.joints;
  readStore(rd, joints, jointStoreColumns);
  for (let j = 0; j < joints.pool.next; j++) {
    if (joints.pool.alive[j] !== 1) continue;
    const data: JointData = createJointData(joints.type[j]!);
    readJointData(rd, data);
    joints.data[j] = data;
  }

  w.awakeBodies = new Int32Array(Math.max(64, bodies.capacity));
  w.awakeBodyCount = rd.into(w.awakeBodies);
  w.awakeContacts = new Int32Array(Math.max(64, contacts.capacity));
  w.awakeContactCount = rd.into(w.awakeContacts);
  rebuildAwakeContactPairs(w);
  rebuildSensorList(w);
  const sensorKeyCount = rd.i32();
  if (!(sensorKeyCount >= 0))
    throw new RangeError(`restore: snapshot is corrupt (${sensorKeyCount} sensor overlaps)`);
  w.sensors.reserveKeys(sensorKeyCount);
  w.sensors.keyCount = rd.into(w.sensors.keys);
  if (rd.pos !== bytes.byteLength - 4) throw new RangeError('restore: snapshot has trailing bytes');
}

/**
 * Replaces `w`'s content with a snapshot (World.restore). The snapshot is read into a fresh
 * state first, so a malformed buffer leaves `w` untouched. What a snapshot does not hold
 * is kept as set: the mixer functions, and the user data of every body, shape (chain
 * segments included) and joint whose handle is live both before and after, that is, the
 * same object. An object the snapshot brings back that was not live with that handle has
 * none.
 */
export function restoreWorldInto(w: WorldState, bytes: Uint8Array): void {
  const next = new WorldState();
  restoreWorld(next, bytes);
  next.frictionMixer = w.frictionMixer;
  next.restitutionMixer = w.restitutionMixer;
  keepUserData(w.bodies.pool, w.bodies.userData, next.bodies.pool, next.bodies.userData);
  keepUserData(w.shapes.pool, w.shapes.userData, next.shapes.pool, next.shapes.userData);
  keepUserData(w.joints.pool, w.joints.userData, next.joints.pool, next.joints.userData);
  w.adopt(next);
}

/** Copies user data from `from` to `to` for the slots live in both with the same generation. */
function keepUserData(from: SlotPool, fromData: unknown[], to: SlotPool, toData: unknown[]): void {
  const n = Math.min(from.next, to.next);
  for (let i = 0; i < n; i++) {
    if (from.alive[i] === 1 && to.alive[i] === 1 && from.generation[i] === to.generation[i]) {
      toData[i] = fromData[i];
    }
  }
}

/** The snapshot feature (world_features.ts): `World.snapshot` and `World.restore`. */
export const snapshotFeature = { snapshot: snapshotWorld, restore: restoreWorldInto };
