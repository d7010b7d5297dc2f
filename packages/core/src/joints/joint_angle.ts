/**
 * The angle of one body relative to another, as joints measure it: the kernel the step's
 * angle rows call (revolute, prismatic, weld and motor joints), and the plain function
 * that definitions and coordinates use (a module of its own so that neither the solver
 * nor the data of one joint type is needed to measure an angle).
 */

import { atan2Io, unwindAngleIo } from '../base/math.js';

/**
 * The joint angle kernel, for the step's hot paths (the angle rows of revolute, prismatic,
 * weld and motor joints): with rotation B at io[0], io[1] (cosine, sine), rotation A at
 * io[2], io[3] and an offset at io[4], it leaves the angle of B relative to A, in
 * (-pi, pi], at io[7] and that angle plus the offset, wrapped to (-pi, pi], at io[8]
 * (io[5] and io[6] are its own). Doubles travel through `io` only, so nothing is boxed
 * whether or not V8 inlines the call (see the angle kernels in base/math.ts). io must hold
 * JOINT_ANGLE_IO doubles. Prepares pass minus their reference angle: in IEEE arithmetic
 * a + (-r) is a - r, bit for bit.
 */
export function relativeAngleIo(io: Float64Array): void {
  const cB = io[0]!;
  const sB = io[1]!;
  const cA = io[2]!;
  const sA = io[3]!;
  io[5] = sB * cA - cB * sA;
  io[6] = cB * cA + sB * sA;
  atan2Io(io, 5);
  io[8] = io[7]! + io[4]!;
  unwindAngleIo(io, 8);
}

/** Length of relativeAngleIo's scratch. */
export const JOINT_ANGLE_IO = 9;

/** Scratch of relativeAngle: never used across a call. */
const angleIo = new Float64Array(JOINT_ANGLE_IO);

/** Angle of rotation qB relative to rotation qA, in (-pi, pi]. */
export function relativeAngle(cB: number, sB: number, cA: number, sA: number): number {
  const io = angleIo;
  io[0] = cB;
  io[1] = sB;
  io[2] = cA;
  io[3] = sA;
  io[4] = 0;
  relativeAngleIo(io);
  return io[7]!;
}
