import { useLayoutEffect, useMemo } from 'react';
import { BodyGroup } from '../body_group.js';
import type { BodyApi } from '../body_handle.js';
import type { BodyOptions } from '../body_props.js';
import { useRuntime } from '../context.js';
import type { TransformTarget } from '../element_targets.js';

export interface Bodies {
  /** One ref per body, to attach to its element (optional: canvas scenes need none). */
  refs: ((element: TransformTarget | null) => void)[];
  /** One api per body. */
  apis: BodyApi[];
}

/**
 * `count` bodies from one component; `options(index)` gives each one's options. Growing the
 * count adds bodies and keeps the others; shrinking it destroys the last ones. Every event
 * carries the body's `index`.
 */
export function useBodies(count: number, options: (index: number) => BodyOptions): Bodies {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`useBodies: count must be a whole number >= 0, got ${count}`);
  }
  const runtime = useRuntime('useBodies');
  const group = useMemo(() => new BodyGroup(runtime), [runtime]);
  useLayoutEffect(() => group.sync(count, options));
  useLayoutEffect(() => () => group.releaseAll(), [group]);
  // The arrays change only with the count: the apis and refs inside are stable.
  return useMemo(() => ({ refs: group.refs(count), apis: group.apis(count) }), [group, count]);
}
