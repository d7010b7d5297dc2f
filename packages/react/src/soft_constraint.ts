/**
 * The designer's spring: a soft constraint tuned by frequency and damping ratio, or by
 * response time ("settle in 12 frames, with some bounce", via the core's
 * `springFromResponse`), between two bodies or a body and a world point.
 *
 * Between two bodies it is a distance joint in spring mode whose rest length is the
 * distance at creation (or `length`). To a point it is the same spring, of rest length
 * POINT_SPRING_LENGTH, from a hidden static body of its own at the point (moved by
 * `setTarget`): one spring, so a point spring damps as a body-to-body spring does. (A
 * mouse joint, the core's target spring, adds a damping of its own: it measured 0.10 for
 * a ratio of 0.05 where the distance spring measures 0.076; it is used only when the
 * caller bounds the force with `maxForce`, which a distance spring cannot.) Both take the
 * body's mass into account, so the spring oscillates at its hertz whatever the body
 * weighs. Everything but the anchors changes live.
 *
 * The sub-stepped solver damps every spring a little on its own: at 2 Hz and 60 steps/s
 * the measured ratio is the asked one plus about 0.026 (0 → 0.026, 0.05 → 0.076, 0.3 →
 * 0.32; test/joints.test.tsx measures it).
 */
import { type BodyId, type SpringDamping, springFromResponse, type Vec2 } from '@impulse/core/contract';
import type { PhysicsClient } from '@impulse/worker';

export type SpringSpec =
  | {
      /** Natural frequency (Hz), > 0. */
      hertz: number;
      /** 0 oscillates for ever, 1 is critically damped. Default 1. */
      dampingRatio?: number;
    }
  | {
      /** Response time in frames of `stepRate` (first peak, or 2% settling when bounce is 'none'). */
      responseFrames: number;
      /** 'free' (no damping), 'some' (one 16% overshoot, default) or 'none' (critically damped). */
      bounce?: SpringDamping;
      /** Frames per second the response is counted in. Default: the world's step rate. */
      stepRate?: number;
    };

export interface SoftConstraintAnchors {
  /** Anchor on the (first) body, in its frame (m). Default (0, 0). */
  anchorA?: Vec2;
  /** Anchor on the second body, in its frame (m); body–body only. Default (0, 0). */
  anchorB?: Vec2;
  /** Rest length (m), body–body only. Default: the anchors' distance when the constraint is made. */
  length?: number;
  /**
   * Largest force (N) the spring applies, body–point only. Default: unbounded. Giving one
   * makes the spring a mouse joint (the core's force-bounded target spring), which damps
   * somewhat more than the ratio asked (see above).
   */
  maxForce?: number;
}

export type SoftConstraintOptions = SpringSpec & SoftConstraintAnchors;

/**
 * Rest length (m) of a spring to a point: the core's distance joint needs a length > 0,
 * and a millimeter is below what a screen shows (0.1 px at 100 px/m). A zero-length
 * spring pulls toward the point from every side, as a target spring does.
 */
export const POINT_SPRING_LENGTH = 1e-3;

/** A force bound no spring in the supported size range reaches (the core needs a finite one). */
export const UNBOUNDED_FORCE = 1e10;

/** Hertz and damping ratio of a spec. */
export function resolveSpring(spec: SpringSpec, stepRate: number): { hertz: number; dampingRatio: number } {
  if ('responseFrames' in spec && spec.responseFrames !== undefined) {
    return springFromResponse({
      frames: spec.responseFrames,
      stepRate: spec.stepRate ?? stepRate,
      damping: spec.bounce ?? 'some',
    });
  }
  const s = spec as { hertz: number; dampingRatio?: number };
  return { hertz: s.hertz, dampingRatio: s.dampingRatio ?? 1 };
}

export function isPoint(v: unknown): v is Vec2 {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Vec2).x === 'number' &&
    typeof (v as Vec2).y === 'number' &&
    !('applyImpulse' in v)
  );
}

/** World position of a body's local point, from the newest pose. */
export function worldPoint(client: PhysicsClient, body: BodyId, local: Vec2): Vec2 {
  const p = client.getBodyPosition(body);
  const q = client.getBodyRotation(body);
  return { x: p.x + q.c * local.x - q.s * local.y, y: p.y + q.s * local.x + q.c * local.y };
}

/** Rest length at creation: the current distance between the anchors. */
export function restLengthAtCreation(def: Record<string, unknown>, client: PhysicsClient): void {
  if (def['length'] !== undefined) return;
  const zero = { x: 0, y: 0 };
  const a = worldPoint(client, def['bodyA'] as BodyId, (def['localAnchorA'] as Vec2 | undefined) ?? zero);
  const b = worldPoint(client, def['bodyB'] as BodyId, (def['localAnchorB'] as Vec2 | undefined) ?? zero);
  // The core needs a length > 0: anchors made at one point rest a hair apart.
  def['length'] = Math.max(Math.hypot(b.x - a.x, b.y - a.y), 1e-3);
}
