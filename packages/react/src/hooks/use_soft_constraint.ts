import type { Vec2 } from '@impulse/core';
import { useLayoutEffect, useMemo } from 'react';
import { type BodyApi, BodyHandle, handleOf } from '../body_handle.js';
import { useRuntime } from '../context.js';
import { type JointOptions, JointHandle } from '../joint_handle.js';
import {
  isPoint,
  POINT_SPRING_LENGTH,
  resolveSpring,
  restLengthAtCreation,
  type SoftConstraintOptions,
  type SpringSpec,
  UNBOUNDED_FORCE,
} from '../soft_constraint.js';

export interface SoftConstraintApi {
  /** The underlying joint's id while it exists: a distance joint in spring mode (a mouse joint for a point with `maxForce`). */
  readonly id: number | null;
  /** Retunes the spring now, without recreating anything. */
  setSpring(spring: SpringSpec): void;
  /** Moves the world point (body–point constraints). */
  setTarget(point: Vec2): void;
  /**
   * The tuning in effect: the hertz and damping ratio asked, or what `responseFrames` and
   * `bounce` resolve to (the core's `springFromResponse`). The same object until the tuning
   * changes, so a draw callback can read it every frame.
   */
  readonly spring: Readonly<{ hertz: number; dampingRatio: number }>;
}

/**
 * A spring between `body` and another body or a world point, tuned by
 * `{ hertz, dampingRatio }` or `{ responseFrames, bounce }`. Re-rendering with new tuning,
 * a new point or a new length changes it live; new anchors recreate it.
 */
export function useSoftConstraint(
  body: BodyApi,
  to: BodyApi | Vec2,
  options: SoftConstraintOptions,
): SoftConstraintApi {
  const runtime = useRuntime('useSoftConstraint');
  const toPoint = isPoint(to);
  const stepRate = 1 / runtime.config.timeStep;
  const spring = resolveSpring(options, stepRate);
  // what the api reports: the last tuning applied, a render's or setSpring's (which holds
  // until a render changes the tuning, as the joint's own parameters do)
  const tuning = useMemo(() => ({ current: spring, rendered: spring }), []);
  const maxForce = options.maxForce ?? UNBOUNDED_FORCE;
  const other = toPoint ? null : (to as BodyApi);
  const point = toPoint ? (to as Vec2) : null;
  // A force bound is the mouse joint's alone; without one, a point is a body of its own.
  const capped = point !== null && options.maxForce !== undefined;
  const pointBody = useMemo(
    () =>
      toPoint && !capped
        ? new BodyHandle(runtime, { type: 'static', position: point!, shapes: [], userData: 'impulse:point' })
        : null,
    // the point moves the anchor body (update below), it does not make a new one
    [runtime, toPoint, capped],
  );
  const handle = useMemo(() => {
    const self = handleOf(body);
    if (pointBody !== null) return new JointHandle(runtime, 'distance', pointBody, self, {});
    if (other === null) return new JointHandle(runtime, 'mouse', 'ground', self, {});
    return new JointHandle(runtime, 'distance', self, handleOf(other), {}, restLengthAtCreation);
  }, [runtime, body, other, pointBody]);
  const jointOptions: JointOptions<'mouse'> | JointOptions<'distance'> =
    pointBody !== null
      ? {
          enableSpring: true,
          hertz: spring.hertz,
          dampingRatio: spring.dampingRatio,
          length: POINT_SPRING_LENGTH,
          ...(options.anchorA ? { localAnchorB: options.anchorA } : {}),
        }
      : point !== null
        ? {
            target: point,
            hertz: spring.hertz,
            dampingRatio: spring.dampingRatio,
            maxForce,
            ...(options.anchorA ? { localAnchorB: options.anchorA } : {}),
          }
        : {
            enableSpring: true,
            hertz: spring.hertz,
            dampingRatio: spring.dampingRatio,
            maxMotorForce: 0,
            ...(options.length === undefined ? {} : { length: options.length }),
            ...(options.anchorA ? { localAnchorA: options.anchorA } : {}),
            ...(options.anchorB ? { localAnchorB: options.anchorB } : {}),
          };
  useLayoutEffect(() => {
    if (pointBody !== null && point !== null)
      pointBody.update({ type: 'static', position: point, shapes: [], userData: 'impulse:point' });
    (handle as JointHandle<'mouse' | 'distance'>).update(jointOptions);
    const r = tuning.rendered;
    if (r.hertz !== spring.hertz || r.dampingRatio !== spring.dampingRatio) {
      tuning.current = spring;
      tuning.rendered = spring;
    }
  });
  useLayoutEffect(() => {
    pointBody?.acquire();
    const unclaim = pointBody === null ? null : runtime.claimOwnBody(pointBody);
    handle.acquire();
    return () => {
      handle.release();
      unclaim?.();
      pointBody?.release();
    };
  }, [runtime, handle, pointBody]);
  return useMemo(
    () => ({
      get id() {
        return handle.id;
      },
      setSpring(s: SpringSpec) {
        const tuned = resolveSpring(s, stepRate);
        (handle.api as { set(p: object): void }).set(tuned);
        tuning.current = tuned;
      },
      setTarget(p: Vec2) {
        if (other !== null)
          throw new Error('SoftConstraintApi.setTarget: this constraint joins two bodies, not a point');
        if (pointBody === null) {
          (handle.api as { set(p: object): void }).set({ target: p });
          return;
        }
        pointBody.api.setTransform(p, 0);
        handleOf(body).api.wake();
      },
      get spring() {
        return tuning.current;
      },
    }),
    [handle, other, stepRate, pointBody, body, tuning],
  );
}
