import type { BodyId } from '@impulse/core';
import { type RefObject, useEffect } from 'react';
import type { BodyOptions } from '../body_props.js';
import { useRuntime } from '../context.js';

/**
 * Makes an element (the canvas a scene is drawn on, say) a surface to drag bodies by: a
 * pointer pressed on it grabs the body under it, found by asking the world, so bodies
 * without elements can be dragged too. Bodies whose `draggable` is false are left alone.
 *
 * Takes a ref, read when the component mounts, or the element itself (null until it
 * exists), which is followed as it changes: an element made after the component mounted (a
 * renderer's canvas that arrives later, kept in state by a callback ref) needs the element.
 */
export function useDragSurface(surface: RefObject<Element | null> | Element | null): void {
  const runtime = useRuntime('useDragSurface');
  // a ref's element is read in the effect; an element given itself re-runs it when it changes
  const given = surface === null || isElement(surface) ? surface : undefined;
  useEffect(() => {
    const element = given !== undefined ? given : (surface as RefObject<Element | null>).current;
    if (!element) return;
    const accept = (body: BodyId) => {
      const props = runtime.events.sink(body)?.handlers() as BodyOptions | undefined;
      return props?.draggable !== false;
    };
    return runtime.dragger.attachSurface(element, accept);
  }, [runtime, surface, given]);
}

/** An element rather than a ref object (`{ current }`); a DOM-free test passes neither. */
function isElement(value: object): value is Element {
  return !('current' in value);
}
