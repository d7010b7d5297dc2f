import type { Vec2 } from '@impulse/core';
import { type ForwardedRef, forwardRef, type ReactElement, type Ref, useImperativeHandle } from 'react';
import type { BodyApi } from '../body_handle.js';
import { useJoint } from '../hooks/use_joint.js';
import { useSoftConstraint } from '../hooks/use_soft_constraint.js';
import type { JointApi, JointKind, JointOptions } from '../joint_handle.js';
import { type BodyRef, useResolvedBodies } from '../resolve_body.js';
import type { SoftConstraintOptions } from '../soft_constraint.js';
import type { SoftConstraintApi } from '../hooks/use_soft_constraint.js';

/** `<Joint>`'s props: the kind, its two bodies (apis, `<Body>` refs, or null for the world), and the kind's options. */
export type JointProps<K extends JointKind> = { kind: K; bodyA: BodyRef; bodyB: BodyRef } & JointOptions<K>;

/**
 * A joint as JSX: `<Joint kind="revolute" bodyA={a} bodyB={b} enableMotor motorSpeed={2} />`.
 * Renders nothing; made once both bodies exist, removed on unmount. The ref is its api.
 */
export const Joint = forwardRef(function Joint<K extends JointKind>(
  { kind, bodyA, bodyB, ...options }: JointProps<K>,
  ref: ForwardedRef<JointApi<K>>,
) {
  const bodies = useResolvedBodies(bodyA, bodyB);
  if (!bodies) return null;
  return (
    <JointOf kind={kind} a={bodies[0]} b={bodies[1]} options={options as JointOptions<K>} apiRef={ref} />
  );
}) as <K extends JointKind>(props: JointProps<K> & { ref?: Ref<JointApi<K>> }) => ReactElement | null;

function JointOf<K extends JointKind>(props: {
  kind: K;
  a: BodyApi | null;
  b: BodyApi | null;
  options: JointOptions<K>;
  apiRef: ForwardedRef<JointApi<K>>;
}) {
  const api = useJoint(props.kind, props.a, props.b, props.options as never);
  useImperativeHandle(props.apiRef, () => api as JointApi<K>, [api]);
  return null;
}

export type SoftConstraintProps = { body: BodyRef; to: BodyRef | Vec2 } & SoftConstraintOptions;

function isPointProp(v: BodyRef | Vec2): v is Vec2 {
  return v !== null && !('current' in v) && !('applyImpulse' in v);
}

/**
 * A soft constraint as JSX: `<SoftConstraint body={card} to={{ x: 0, y: 2 }} hertz={3} dampingRatio={0.3} />`
 * or `to={otherBody}`. Renders nothing. The ref is its api.
 */
export const SoftConstraint = forwardRef<SoftConstraintApi, SoftConstraintProps>(function SoftConstraint(
  { body, to, ...options },
  ref,
) {
  const point = isPointProp(to) ? to : null;
  const bodies = useResolvedBodies(body, point ? null : (to as BodyRef));
  if (!bodies || bodies[0] === null) return null;
  const target = point ?? bodies[1];
  if (target === null) return null;
  return <SoftOf body={bodies[0]} to={target} options={options as SoftConstraintOptions} apiRef={ref} />;
});

function SoftOf(props: {
  body: BodyApi;
  to: BodyApi | Vec2;
  options: SoftConstraintOptions;
  apiRef: ForwardedRef<SoftConstraintApi>;
}) {
  const api = useSoftConstraint(props.body, props.to, props.options);
  useImperativeHandle(props.apiRef, () => api, [api]);
  return null;
}
