import type { BodyId } from '@impulse/core';
import { type RefObject, useEffect } from 'react';
import type { BodyOptions } from '../body_props.js';
import { useRuntime } from '../context.js';

/**
 * Makes an element (the canvas a scene is drawn on, say) a surface to drag bodies by: a
 * pointer pressed on it grabs the body under it, found by asking the world, so bodies
 * without elements can be dragged too. Bodies whose `draggable` is false are left alone.
 */
export function useDragSurface(surface: RefObject<Element | null>): void {
  const runtime = useRuntime('useDragSurface');
  useEffect(() => {
    const element = surface.current;
    if (!element) return;
    const accept = (body: BodyId) => {
      const props = runtime.events.sink(body)?.handlers() as BodyOptions | undefined;
      return props?.draggable !== false;
    };
    return runtime.dragger.attachSurface(element, accept);
  }, [runtime, surface]);
}
