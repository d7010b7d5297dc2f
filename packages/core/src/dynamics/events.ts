/**
 * Event buffers, filled during a step and read after it (no callbacks from inside the
 * solver). Every list is a set of typed arrays plus a count, grown by doubling and
 * reused, so a step allocates nothing for its events. Ids are stored as numbers
 * (handles); they are valid until the next step starts, when the buffers are cleared.
 * Events are written in the deterministic order of the step's own loops.
 */

import { growF64, growU8, replaceArraysOnce } from '../base/array.js';

export class EventBuffers {
  /** Shapes that began touching (manifold gained points). */
  beginCount = 0;
  beginShapeA = new Float64Array(16);
  beginShapeB = new Float64Array(16);
  /** Shapes that stopped touching, or whose contact went away while touching. */
  endCount = 0;
  endShapeA = new Float64Array(16);
  endShapeB = new Float64Array(16);
  /** Contacts that hit with an approach speed above the world's hit threshold. */
  hitCount = 0;
  hitShapeA = new Float64Array(16);
  hitShapeB = new Float64Array(16);
  hitPointX = new Float64Array(16);
  hitPointY = new Float64Array(16);
  hitNormalX = new Float64Array(16);
  hitNormalY = new Float64Array(16);
  hitSpeed = new Float64Array(16);
  /** A shape began / stopped overlapping a sensor shape. */
  sensorBeginCount = 0;
  sensorBeginSensor = new Float64Array(16);
  sensorBeginVisitor = new Float64Array(16);
  sensorEndCount = 0;
  sensorEndSensor = new Float64Array(16);
  sensorEndVisitor = new Float64Array(16);
  /** Bodies that fell asleep (awake 0) or woke up (awake 1). */
  bodyCount = 0;
  body = new Float64Array(16);
  bodyAwake = new Uint8Array(16);
  /** Bodies whose transform changed in the last step (every awake body). */
  moveCount = 0;
  moveBody = new Float64Array(16);

  // counts when the last step ended: entries after them were raised between steps (by
  // destroyBody, applyLinearImpulse, ...) and belong to the next step's report
  private marks = new Int32Array(7);

  constructor() {
    replaceArraysOnce(this);
  }

  /** Called when a step ends: what is in the buffers now is that step's report. */
  markStepEnd(): void {
    const m = this.marks;
    m[0] = this.beginCount;
    m[1] = this.endCount;
    m[2] = this.hitCount;
    m[3] = this.sensorBeginCount;
    m[4] = this.sensorEndCount;
    m[5] = this.bodyCount;
    m[6] = this.moveCount;
  }

  /**
   * Called when a step begins: drops the previous step's report and keeps the events
   * raised since (they move to the front, in order).
   */
  beginStep(): void {
    const m = this.marks;
    this.beginCount = keepTail2(this.beginShapeA, this.beginShapeB, m[0]!, this.beginCount);
    this.endCount = keepTail2(this.endShapeA, this.endShapeB, m[1]!, this.endCount);
    this.hitCount = 0;
    this.sensorBeginCount = keepTail2(
      this.sensorBeginSensor,
      this.sensorBeginVisitor,
      m[3]!,
      this.sensorBeginCount,
    );
    this.sensorEndCount = keepTail2(this.sensorEndSensor, this.sensorEndVisitor, m[4]!, this.sensorEndCount);
    const mark = m[5]!;
    const n = this.bodyCount - mark;
    for (let i = 0; i < n; i++) {
      this.body[i] = this.body[mark + i]!;
      this.bodyAwake[i] = this.bodyAwake[mark + i]!;
    }
    this.bodyCount = n;
    this.moveCount = 0;
    m.fill(0);
  }

  pushBegin(a: number, b: number): void {
    const n = this.beginCount;
    if (n === this.beginShapeA.length) {
      this.beginShapeA = growF64(this.beginShapeA, n * 2);
      this.beginShapeB = growF64(this.beginShapeB, n * 2);
    }
    this.beginShapeA[n] = a;
    this.beginShapeB[n] = b;
    this.beginCount = n + 1;
  }

  pushEnd(a: number, b: number): void {
    const n = this.endCount;
    if (n === this.endShapeA.length) {
      this.endShapeA = growF64(this.endShapeA, n * 2);
      this.endShapeB = growF64(this.endShapeB, n * 2);
    }
    this.endShapeA[n] = a;
    this.endShapeB[n] = b;
    this.endCount = n + 1;
  }

  /**
   * Room for `n` more hits. The step reserves one per contact constraint before it reports
   * hits, so pushHit never grows the buffers from inside that loop (a path first taken
   * late would deoptimise it, see world/solver.ts collide).
   */
  reserveHits(n: number): void {
    const cap = this.hitCount + n;
    if (cap <= this.hitShapeA.length) return;
    this.hitShapeA = growF64(this.hitShapeA, cap);
    this.hitShapeB = growF64(this.hitShapeB, cap);
    this.hitPointX = growF64(this.hitPointX, cap);
    this.hitPointY = growF64(this.hitPointY, cap);
    this.hitNormalX = growF64(this.hitNormalX, cap);
    this.hitNormalY = growF64(this.hitNormalY, cap);
    this.hitSpeed = growF64(this.hitSpeed, cap);
  }

  pushHit(a: number, b: number, px: number, py: number, nx: number, ny: number, speed: number): void {
    const n = this.hitCount;
    if (n === this.hitShapeA.length) this.reserveHits(n);
    this.hitShapeA[n] = a;
    this.hitShapeB[n] = b;
    this.hitPointX[n] = px;
    this.hitPointY[n] = py;
    this.hitNormalX[n] = nx;
    this.hitNormalY[n] = ny;
    this.hitSpeed[n] = speed;
    this.hitCount = n + 1;
  }

  pushSensorBegin(sensor: number, visitor: number): void {
    const n = this.sensorBeginCount;
    if (n === this.sensorBeginSensor.length) {
      this.sensorBeginSensor = growF64(this.sensorBeginSensor, n * 2);
      this.sensorBeginVisitor = growF64(this.sensorBeginVisitor, n * 2);
    }
    this.sensorBeginSensor[n] = sensor;
    this.sensorBeginVisitor[n] = visitor;
    this.sensorBeginCount = n + 1;
  }

  pushSensorEnd(sensor: number, visitor: number): void {
    const n = this.sensorEndCount;
    if (n === this.sensorEndSensor.length) {
      this.sensorEndSensor = growF64(this.sensorEndSensor, n * 2);
      this.sensorEndVisitor = growF64(this.sensorEndVisitor, n * 2);
    }
    this.sensorEndSensor[n] = sensor;
    this.sensorEndVisitor[n] = visitor;
    this.sensorEndCount = n + 1;
  }

  pushBody(body: number, awake: boolean): void {
    const n = this.bodyCount;
    if (n === this.body.length) {
      this.body = growF64(this.body, n * 2);
      this.bodyAwake = growU8(this.bodyAwake, n * 2);
    }
    this.body[n] = body;
    this.bodyAwake[n] = awake ? 1 : 0;
    this.bodyCount = n + 1;
  }

  reserveMoves(n: number): void {
    if (n > this.moveBody.length) this.moveBody = growF64(this.moveBody, n);
  }
}

function keepTail2(a: Float64Array, b: Float64Array, mark: number, count: number): number {
  const n = count - mark;
  for (let i = 0; i < n; i++) {
    a[i] = a[mark + i]!;
    b[i] = b[mark + i]!;
  }
  return n;
}
