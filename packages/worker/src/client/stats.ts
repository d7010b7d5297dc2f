/** World statistics and timing of the newest published step, read from the frame with no message. */
import { Header, wallClock } from '../protocol/frame_layout.js';
import type { ClientContext } from './context.js';

/** World statistics of the newest published step (read from the frame, no message). */
export interface PhysicsStats {
  frame: number;
  stepCount: number;
  simTime: number;
  /** Wall time the host's last step took (ms). */
  stepMs: number;
  bodyCount: number;
  awakeBodyCount: number;
  contactCount: number;
  touchingContactCount: number;
  jointCount: number;
  /** Bodies whose pose changed in the newest step. */
  movedCount: number;
  paused: boolean;
  /** The core's stage timings of the newest step (ms); zero unless the world has `enableProfile`. */
  profile: {
    pairs: number;
    collide: number;
    solve: number;
    continuous: number;
    sleep: number;
    sensors: number;
  };
}

export class FrameStats {
  private readonly header = new Float64Array(Header.Size);

  constructor(private readonly ctx: ClientContext) {}

  getFrameNumber(): number {
    return this.ctx.link.reader.header(Header.Frame);
  }

  getStats(paused: boolean, out?: PhysicsStats): PhysicsStats {
    const h = this.header;
    this.ctx.link.reader.readHeader(h); // one copy: every field from the same step
    const s = out ?? ({} as PhysicsStats);
    s.frame = h[Header.Frame]!;
    s.stepCount = h[Header.StepCount]!;
    s.simTime = h[Header.SimTime]!;
    s.stepMs = h[Header.StepMs]!;
    s.bodyCount = h[Header.BodyCount]!;
    s.awakeBodyCount = h[Header.AwakeBodyCount]!;
    s.contactCount = h[Header.ContactCount]!;
    s.touchingContactCount = h[Header.TouchingContactCount]!;
    s.jointCount = h[Header.JointCount]!;
    s.movedCount = h[Header.MovedCount]!;
    s.paused = paused;
    const p = s.profile ?? { pairs: 0, collide: 0, solve: 0, continuous: 0, sleep: 0, sensors: 0 };
    p.pairs = h[Header.ProfilePairs]!;
    p.collide = h[Header.ProfileCollide]!;
    p.solve = h[Header.ProfileSolve]!;
    p.continuous = h[Header.ProfileContinuous]!;
    p.sleep = h[Header.ProfileSleep]!;
    p.sensors = h[Header.ProfileSensors]!;
    s.profile = p;
    return s;
  }

  getInterpolationAlpha(): number {
    const o = this.ctx.options;
    if (o.stepping === 'manual') return 1;
    const h = this.header;
    this.ctx.link.reader.readHeader(h);
    const published = h[Header.PublishTime]!;
    if (published === 0) return 1;
    const scale = h[Header.TimeScale]!;
    const stepMs = (o.timeStep * 1000) / (scale > 0 ? scale : 1);
    const alpha = (wallClock() - published) / stepMs;
    return alpha < 0 ? 0 : alpha > 1 ? 1 : alpha;
  }
}
