/** Per-stage timings of the last step (ms). */
export interface StepProfile {
  readonly step: number;
  readonly pairs: number;
  readonly collide: number;
  readonly solve: number;
  readonly continuous: number;
  readonly sleep: number;
  /** The end-of-step sensor pass. */
  readonly sensors: number;
  /** Bodies swept by continuous collision. */
  readonly sweptBodies: number;
  /** Time-of-impact computations (zero when nothing moved fast). */
  readonly toiCalls: number;
}

/** Sizes of the world after the last step. */
export interface WorldCounters {
  bodyCount: number;
  awakeBodyCount: number;
  shapeCount: number;
  jointCount: number;
  contactCount: number;
  touchingContactCount: number;
  awakeContactCount: number;
  /** Proxies in the broad phase. */
  proxyCount: number;
  stepCount: number;
}
