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

type NumberField = Exclude<keyof PhysicsStats, 'paused' | 'profile'>;

/** Where each statistic is in the frame header. */
const STAT_FIELDS: readonly (readonly [NumberField, number])[] = [
  ['frame', Header.Frame],
  ['stepCount', Header.StepCount],
  ['simTime', Header.SimTime],
  ['stepMs', Header.StepMs],
  ['bodyCount', Header.BodyCount],
  ['awakeBodyCount', Header.AwakeBodyCount],
  ['contactCount', Header.ContactCount],
  ['touchingContactCount', Header.TouchingContactCount],
  ['jointCount', Header.JointCount],
  ['movedCount', Header.MovedCount],
];

const PROFILE_FIELDS: readonly (readonly [keyof PhysicsStats['profile'], number])[] = [
  ['pairs', Header.ProfilePairs],
  ['collide', Header.ProfileCollide],
  ['solve', Header.ProfileSolve],
  ['continuous', Header.ProfileContinuous],
  ['sleep', Header.ProfileSleep],
  ['sensors', Header.ProfileSensors],
];

export class FrameStats {
  private readonly header = new Float64Array(Header.Size);

  constructor(private readonly ctx: ClientContext) {}

  getFrameNumber(): number {
    return this.ctx.link.reader.header(Header.Frame);
  }

  getStats(paused: boolean, out?: PhysicsStats): PhysicsStats {
    const h = this.header;
    this.ctx.link.reader.readHeader(h); // one copy: every field from the same step
    const s = out ?? ({} as PhysicsStats); // indexed loops: a frame's read allocates nothing
    for (let i = 0; i < STAT_FIELDS.length; i++) s[STAT_FIELDS[i]![0]] = h[STAT_FIELDS[i]![1]]!;
    s.paused = paused;
    const p = s.profile ?? ({} as PhysicsStats['profile']);
    for (let i = 0; i < PROFILE_FIELDS.length; i++) p[PROFILE_FIELDS[i]![0]] = h[PROFILE_FIELDS[i]![1]]!;
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
