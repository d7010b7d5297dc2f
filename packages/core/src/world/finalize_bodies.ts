/**
 * The bodies' finish as a block function (Box2D v3's b2FinalizeBodiesTask):
 * `finalizeBodyRange(w, start, end)` moves the awake bodies `awakeBodies[start .. end)` by
 * their step deltas, clears their forces, advances their sleep timers, recomputes their
 * shapes' tight boxes and writes, per awake index, a status byte (`FinalizeStatus`) into
 * `w.finalizeStatus`. A block touches only its own bodies, their shapes' box records and
 * its status bytes, so blocks may run on any thread in any order (world/step_executor.ts).
 *
 * What happens to a few bodies (fast enough for continuous collision, a shape out of its
 * fat box) is only a bit here: the calling thread reads the bytes in awake order
 * (`gatherFinalized`) and lists them, so the lists are the same whoever ran which block.
 *
 * It reads the body columns, the shapes' types, geometry, proxy keys and fat boxes
 * (`broadPhase.shapeFat`), the settings and the step's dt; scratch (a transform and a
 * box) is the world's (`xfA`, `aabb`; a helper's world view has its own).
 */

import { originFromCenter } from '../dynamics/body.js';
import { BodyKind, BS } from '../dynamics/body_integration.js';
import type { DynamicsState } from '../dynamics/dynamics_state.js';
import { computeShapeAABB, type ShapeType } from '../geometry/geometry.js';
import { setShapeBox } from '../dynamics/shape_store.js';

/**
 * What a body's finish left for the step: bits of one byte per awake index (an enum: the
 * loop reads literals, not an exported object through its module cell).
 */
export enum FinalizeStatus {
  /** Moved far enough to skip a thin wall: continuous collision sweeps it. */
  Fast = 1,
  /** A shape of it left its fat box: its proxy takes a new one. */
  Escaped = 2,
}

/**
 * The finish of awake bodies [start, end); returns the or of their statuses (0: nothing
 * to list). Everything is read inside the loop and the first pass only reaches the back
 * edge, for the reasons given at integrateVelocityRange (dynamics/body_integration.ts);
 * what a fast body or an escaped shape does differently is a bit, not a path: a path only
 * a few bodies take would deoptimise the loop the first time one came (world/solver.ts,
 * collide).
 */
export function finalizeBodyRange(w: DynamicsState, start: number, end: number): number {
  let result = 0;
  for (let i = start - 1; i < end; i++) {
    if (i < start) continue;
    const bodies = w.bodies;
    const shapes = w.shapes;
    const state = bodies.state;
    const settings = w.settings;
    const dt = w.stepContext.dt;
    const b = w.awakeBodies[i]!;
    const o = Math.imul(b, BS.STRIDE) & BS.MASK;
    const dqc = state[o + BS.DQC]!;
    const dqs = state[o + BS.DQS]!;
    const qc0 = bodies.c[b]!;
    const qs0 = bodies.s[b]!;
    let qc = dqc * qc0 - dqs * qs0;
    let qs = dqs * qc0 + dqc * qs0;
    const inv = 1 / Math.sqrt(qc * qc + qs * qs);
    qc *= inv;
    qs *= inv;
    const dpx = state[o + BS.DPX]!;
    const dpy = state[o + BS.DPY]!;
    bodies.c0x[b] = bodies.cx[b]!;
    bodies.c0y[b] = bodies.cy[b]!;
    bodies.q0c[b] = qc0;
    bodies.q0s[b] = qs0;
    const cx = bodies.cx[b]! + dpx;
    const cy = bodies.cy[b]! + dpy;
    // a body that moved more than half its thinnest extent could have skipped a thin wall
    const minSweep = settings.continuousMinSpeed * dt;
    const half = 0.5 * bodies.minExtent[b]!;
    const dispSq = dpx * dpx + dpy * dpy;
    const dynamic = bodies.type[b] === BodyKind.Dynamic;
    const far = dispSq > half * half;
    const swept = dispSq > minSweep * minSweep;
    let status = settings.enableContinuous && dynamic && far && swept ? FinalizeStatus.Fast : 0;
    bodies.cx[b] = cx;
    bodies.cy[b] = cy;
    bodies.c[b] = qc;
    bodies.s[b] = qs;
    originFromCenter(bodies, b, bodies.cx, bodies.cy, bodies.c, bodies.s, bodies.px, bodies.py, b);
    state[o + BS.DPX] = 0;
    state[o + BS.DPY] = 0;
    state[o + BS.DQC] = 1;
    state[o + BS.DQS] = 0;
    bodies.fx[b] = 0;
    bodies.fy[b] = 0;
    bodies.torque[b] = 0;

    const vx = state[o + BS.VX]!;
    const vy = state[o + BS.VY]!;
    const av = state[o + BS.W]!;
    if (settings.enableSleep && bodies.enableSleep[b] === 1) {
      const threshold = bodies.sleepThreshold[b]!;
      const extent = bodies.maxExtent[b]!;
      const slow =
        vx * vx + vy * vy <= threshold * threshold && av * av * extent * extent <= threshold * threshold;
      bodies.sleepTime[b] = slow ? bodies.sleepTime[b]! + dt : 0;
    } else {
      bodies.sleepTime[b] = 0;
    }

    // the shapes' tight boxes at the new pose, each against its fat box (one record each at 4 * s)
    const fat = w.broadPhase.shapeFat;
    const tight = shapes.box;
    const xf = w.xfA;
    xf.set(bodies.px[b]!, bodies.py[b]!, qc, qs);
    for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
      setShapeBox(shapes, s, computeShapeAABB(shapes.type[s] as ShapeType, shapes.geometry[s]!, xf, w.aabb));
      const escaped = shapes.proxyKey[s] !== -1 && leftFatBox(tight, fat, s);
      status |= escaped ? FinalizeStatus.Escaped : 0;
    }
    w.finalizeStatus[i] = status;
    result |= status;
  }
  return result;
}

/**
 * Whether shape s's tight box (ShapeStore.box) reaches out of its fat box
 * (BroadPhase.shapeFat), both one record at 4 * s: the test the blocks flag a body by and
 * the calling thread's list picks its shapes by (world/solver.ts gatherFinalized).
 */
export function leftFatBox(tight: Float64Array, fat: Float64Array, s: number): boolean {
  const f = 4 * s;
  return (
    tight[f]! < fat[f]! ||
    tight[f + 1]! < fat[f + 1]! ||
    tight[f + 2]! > fat[f + 2]! ||
    tight[f + 3]! > fat[f + 3]!
  );
}
