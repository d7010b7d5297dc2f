import { type RefCallback, useCallback, useLayoutEffect, useMemo } from 'react';
import { type BodyApi, BodyHandle } from '../body_handle.js';
import type { BodyOptions } from '../body_props.js';
import { useRuntime } from '../context.js';
import type { TransformTarget } from '../element_targets.js';

/**
 * A body in the nearest `<Physics>` world: `[ref, api]`. Attach `ref` to an HTML or SVG
 * element, or to a scene-graph object (a Pixi `Container`, a three.js `Object3D`), and its
 * transform follows the body, written by the frame loop with no React render. Without
 * `shapes`, the body is a box the size of that element.
 *
 * The body is created in a layout effect (so StrictMode's remount leaves exactly one) and
 * destroyed with its joints on unmount. Mutable props are applied by setters, immutable
 * ones recreate the body (see `BODY_PROPS`).
 */
export function useBody<E extends TransformTarget = Element>(
  options: BodyOptions = {},
): [RefCallback<E>, BodyApi] {
  const runtime = useRuntime('useBody');
  // The handle creates nothing until acquired, so a render React throws away costs nothing.
  const handle = useMemo(() => new BodyHandle(runtime, options), [runtime]);
  const ref = useCallback((element: E | null) => handle.setElement(element), [handle]);
  useLayoutEffect(() => handle.update(options));
  useLayoutEffect(() => {
    handle.acquire();
    return () => handle.release();
  }, [handle]);
  return [ref, handle.api];
}
