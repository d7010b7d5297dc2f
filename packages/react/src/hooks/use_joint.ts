import { useLayoutEffect, useMemo } from 'react';
import { type BodyApi, handleOf } from '../body_handle.js';
import { useRuntime } from '../context.js';
import { type JointApi, JointHandle, type JointKind, type JointOptions } from '../joint_handle.js';

/** A joint end: a body's api (from `useBody` or a `<Body>` ref), or null for the world (a static ground). */
export type JointBody = BodyApi | null;

/**
 * A joint of `kind` between two bodies. The options are typed by the kind: a revolute
 * joint takes revolute parameters only. Parameters (motor speed, limits, springs) change
 * live on re-render or with `api.set`, and so do the break limits (`breakForce`,
 * `breakTorque`: changed in place, the joint keeps its state); anchors and
 * collideConnected recreate the joint. It is destroyed on unmount, and before either body goes.
 */
export function useJoint<K extends JointKind>(
  kind: K,
  bodyA: JointBody,
  bodyB: JointBody,
  options?: NoInfer<JointOptions<K>>,
): JointApi<K> {
  const runtime = useRuntime('useJoint');
  const opts = options ?? ({} as JointOptions<K>);
  const handle = useMemo(
    () =>
      new JointHandle<K>(
        runtime,
        kind,
        bodyA === null ? 'ground' : handleOf(bodyA),
        bodyB === null ? 'ground' : handleOf(bodyB),
        opts,
      ),
    // options reach the handle through update(), not through a new handle
    [runtime, kind, bodyA, bodyB],
  );
  useLayoutEffect(() => handle.update(opts));
  useLayoutEffect(() => {
    handle.acquire();
    return () => handle.release();
  }, [handle]);
  return handle.api;
}
