/**
 * Sensor overlaps, computed at the end of the step (the design of Box2D v3.1's sensor.c).
 *
 * Sensor shapes live in the broad phase like any shape but never make contacts (the pair
 * filter rejects them), so they cost nothing in the narrow phase or the solver. After the
 * solve, continuous collision and sleep, `updateSensors` queries the three trees with each
 * sensor's box, keeps the shapes whose exact distance to the sensor is (about) zero, and
 * compares the new overlap set with the last step's: new pairs are begin events, vanished
 * pairs end events, both in the step where the overlap starts or ends.
 *
 * Rules: a sensor on any body type sees shapes of any body type, asleep or awake (a
 * sleeping visitor stays inside; a static sensor sees a kinematic avatar); it never sees
 * shapes of its own body nor other sensors; the two shapes' filters (categories, masks,
 * groups) decide the rest, as for contacts.
 *
 * Data: the sensor shapes in ascending slot order (`shapes`), and the overlap set as
 * sorted pair keys `sensorSlot * 2^26 + visitorSlot` in a Float64Array (`keys`), with a
 * second buffer (`nextKeys`) that the pass fills and then swaps in. Sensors are visited in
 * slot order and each sensor's visitors are sorted, so the list is sorted without a global
 * sort, and the events come out sorted by (sensor, visitor) shape slot. Everything grows
 * by doubling; a steady-state pass allocates nothing. The overlap set is saved in
 * snapshots (world/snapshot.ts); the sensor list is rebuilt from the shapes' flags.
 */

import { growF64, growI32 } from '../base/array.js';
import { Transform } from '../base/math.js';
import { DistanceOutput, DistanceProxy, makeProxy, shapeDistance } from '../collision/distance.js';
import { AABB } from '../geometry/geometry.js';
import type { DynamicsState } from './dynamics_state.js';
import { shapeFiltersAllow } from './shape_filter.js';

/** Pair keys pack (sensor, visitor) as sensor * 2^26 + visitor: exact in a double. */
const KEY_SHIFT = 67108864; // 2^26, as the broad phase's pair keys
/** Distance under which a visitor counts as overlapping (m): touching counts (Box2D: 10 FLT_EPSILON). */
const SENSOR_OVERLAP_TOLERANCE = 1.2e-6;
const ALL_BITS = 0xffffffff;

/** Registers a new sensor shape (kept in ascending slot order). */
export function addSensor(w: DynamicsState, s: number): void {
  const ss = w.sensors;
  if (ss.count === ss.shapes.length) ss.shapes = growI32(ss.shapes, ss.count * 2);
  const list = ss.shapes;
  let i = ss.count;
  while (i > 0 && list[i - 1]! > s) {
    list[i] = list[i - 1]!;
    i--;
  }
  list[i] = s;
  ss.count++;
}

/** Rebuilds the sensor list from the shapes' flags (restore). */
export function rebuildSensorList(w: DynamicsState): void {
  const shapes = w.shapes;
  w.sensors.count = 0;
  for (let s = 0; s < shapes.pool.next; s++) {
    if (shapes.pool.alive[s] === 1 && shapes.isSensor[s] === 1) addSensor(w, s);
  }
}

/**
 * A shape is going away (between steps): its overlaps end now, reported in the next
 * step's events (sorted by sensor then visitor), and a sensor leaves the sensor list.
 */
export function removeSensorShape(w: DynamicsState, s: number): void {
  const ss = w.sensors;
  const shapes = w.shapes;
  const isSensor = shapes.isSensor[s] === 1;
  if (isSensor) {
    let k = 0;
    while (k < ss.count && ss.shapes[k] !== s) k++;
    if (k < ss.count) {
      ss.count--;
      for (; k < ss.count; k++) ss.shapes[k] = ss.shapes[k + 1]!;
    }
  }
  const keys = ss.keys;
  const n = ss.keyCount;
  if (n === 0) return;
  const pool = shapes.pool;
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const key = keys[i]!;
    const sensor = Math.floor(key / KEY_SHIFT);
    const visitor = key - sensor * KEY_SHIFT;
    if (sensor === s || visitor === s) {
      w.events.pushSensorEnd(pool.handle(sensor), pool.handle(visitor));
    } else {
      keys[kept++] = key;
    }
  }
  ss.keyCount = kept;
}

// Scratch of the pass: the step is not re-entrant (see world/solver.ts).
const sensorProxy = new DistanceProxy();
const visitorProxy = new DistanceProxy();
const sensorXf = new Transform();
const visitorXf = new Transform();
const distance = new DistanceOutput();
const queryBox = new AABB(0.5, 0.5, 0.5, 0.5);
let passWorld: DynamicsState | null = null;
let passSensor = 0;

/** Tree query callback: records shape `s` when it overlaps the current sensor. */
function visit(_proxyId: number, s: number): boolean {
  const w = passWorld!;
  const shapes = w.shapes;
  const sensor = passSensor;
  if (shapes.isSensor[s] === 1) return true; // sensors (itself included) are never seen
  const b = shapes.body[s]!;
  if (b === shapes.body[sensor]) return true;
  if (!shapeFiltersAllow(shapes, sensor, s)) return true;
  if (
    shapes.box[4 * s]! > queryBox.maxX ||
    shapes.box[4 * s + 2]! < queryBox.minX ||
    shapes.box[4 * s + 1]! > queryBox.maxY ||
    shapes.box[4 * s + 3]! < queryBox.minY
  ) {
    return true;
  }
  const bodies = w.bodies;
  visitorXf.set(bodies.px[b]!, bodies.py[b]!, bodies.c[b]!, bodies.s[b]!);
  makeProxy(shapes.geometry[s]!, visitorProxy);
  shapeDistance(sensorProxy, sensorXf, visitorProxy, visitorXf, true, distance);
  if (distance.distance >= SENSOR_OVERLAP_TOLERANCE) return true;
  const ss = w.sensors;
  if (ss.nextKeyCount === ss.nextKeys.length) ss.nextKeys = growF64(ss.nextKeys, ss.nextKeyCount * 2);
  ss.nextKeys[ss.nextKeyCount++] = sensor * KEY_SHIFT + s;
  return true;
}

/** Collects the overlaps of sensor shape `s` into `nextKeys`, sorted. */
function overlapSensor(w: DynamicsState, s: number): void {
  const shapes = w.shapes;
  const bodies = w.bodies;
  const b = shapes.body[s]!;
  sensorXf.set(bodies.px[b]!, bodies.py[b]!, bodies.c[b]!, bodies.s[b]!);
  makeProxy(shapes.geometry[s]!, sensorProxy);
  queryBox.minX = shapes.box[4 * s]!;
  queryBox.minY = shapes.box[4 * s + 1]!;
  queryBox.maxX = shapes.box[4 * s + 2]!;
  queryBox.maxY = shapes.box[4 * s + 3]!;
  passSensor = s;
  const ss = w.sensors;
  const start = ss.nextKeyCount;
  // every category: a mask read from a Uint32Array above 2^30 would cross the call as a
  // heap number (docs/core-design.md); `visit` applies the filters
  const trees = w.broadPhase.trees;
  trees[0].queryBox(queryBox, ALL_BITS, visit);
  trees[1].queryBox(queryBox, ALL_BITS, visit);
  trees[2].queryBox(queryBox, ALL_BITS, visit);
  // sort this sensor's visitors: the tree order must not show
  const end = ss.nextKeyCount;
  if (end - start > 24) heapSort(ss.nextKeys, start, end);
  else insertionSort(ss.nextKeys, start, end);
}

/** Ascending sort of keys[start, end): a handful of visitors, the usual case. */
function insertionSort(keys: Float64Array, start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const v = keys[i]!;
    let j = i - 1;
    while (j >= start && keys[j]! > v) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = v;
  }
}

/** Ascending sort of keys[start, end) in O(n log n), in place (a zone over a whole pile). */
function heapSort(keys: Float64Array, start: number, end: number): void {
  const n = end - start;
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(keys, start, i, n);
  for (let last = n - 1; last > 0; last--) {
    const top = keys[start]!;
    keys[start] = keys[start + last]!;
    keys[start + last] = top;
    siftDown(keys, start, 0, last);
  }
}

function siftDown(keys: Float64Array, base: number, root: number, n: number): void {
  let i = root;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) return;
    const r = l + 1;
    const c = r < n && keys[base + r]! > keys[base + l]! ? r : l;
    if (keys[base + c]! <= keys[base + i]!) return;
    const t = keys[base + i]!;
    keys[base + i] = keys[base + c]!;
    keys[base + c] = t;
    i = c;
  }
}

/**
 * The end-of-step sensor pass: recomputes every sensor's overlaps and reports the
 * differences with the last step's as sensor begin / end events. Returns whether the
 * overlap set changed (it is part of a rollback state).
 */
export function updateSensors(w: DynamicsState): boolean {
  const ss = w.sensors;
  if (ss.count === 0 && ss.keyCount === 0) return false;
  ss.nextKeyCount = 0;
  passWorld = w;
  for (let i = 0; i < ss.count; i++) overlapSensor(w, ss.shapes[i]!);
  passWorld = null;
  const changes = reportChanges(w);
  const swap = ss.keys;
  ss.keys = ss.nextKeys;
  ss.keyCount = ss.nextKeyCount;
  ss.nextKeys = swap;
  ss.nextKeyCount = 0;
  return changes > 0;
}

/**
 * Merges the old and new sorted key lists: keys only in the new are begins, only in the
 * old ends. Returns how many there were.
 */
function reportChanges(w: DynamicsState): number {
  const ss = w.sensors;
  const oldKeys = ss.keys;
  const newKeys = ss.nextKeys;
  const oldCount = ss.keyCount;
  const newCount = ss.nextKeyCount;
  const pool = w.shapes.pool;
  const events = w.events;
  let i = 0;
  let j = 0;
  let changes = 0;
  while (i < oldCount || j < newCount) {
    const a = i < oldCount ? oldKeys[i]! : Number.POSITIVE_INFINITY;
    const b = j < newCount ? newKeys[j]! : Number.POSITIVE_INFINITY;
    if (a === b) {
      i++;
      j++;
    } else if (a < b) {
      const sensor = Math.floor(a / KEY_SHIFT);
      events.pushSensorEnd(pool.handle(sensor), pool.handle(a - sensor * KEY_SHIFT));
      i++;
      changes++;
    } else {
      const sensor = Math.floor(b / KEY_SHIFT);
      events.pushSensorBegin(pool.handle(sensor), pool.handle(b - sensor * KEY_SHIFT));
      j++;
      changes++;
    }
  }
  return changes;
}
