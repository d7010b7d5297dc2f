import { forwardRef, Fragment, type ReactNode, useImperativeHandle } from 'react';
import type { BodyApi } from '../body_handle.js';
import type { BodyOptions } from '../body_props.js';
import type { TransformTarget } from '../element_targets.js';
import { useBodies } from '../hooks/use_bodies.js';

export interface InstancedBodiesProps {
  count: number;
  /** Each body's options, by index. */
  body: (index: number) => BodyOptions;
  /** Each body's element, given its ref (leave out for canvas scenes). */
  children?: (index: number, ref: (element: TransformTarget | null) => void) => ReactNode;
}

/**
 * Many bodies as JSX: `<InstancedBodies count={50} body={(i) => ({ position: ... })}>{(i, ref) => <div ref={ref} />}</InstancedBodies>`.
 * The ref is the array of body apis; events carry each body's `index`.
 */
export const InstancedBodies = forwardRef<BodyApi[], InstancedBodiesProps>(function InstancedBodies(
  { count, body, children },
  ref,
) {
  const { refs, apis } = useBodies(count, body);
  useImperativeHandle(ref, () => apis, [apis]);
  if (!children) return null;
  return (
    <>
      {refs.map((r, i) => (
        // An instance is its index: the key is the index.
        <Fragment key={i}>{children(i, r)}</Fragment>
      ))}
    </>
  );
});
