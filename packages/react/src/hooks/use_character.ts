import { type RefCallback, useLayoutEffect, useMemo } from 'react';
import { type CharacterApi, CharacterHandle, type CharacterOptions } from '../character_handle.js';
import { useRuntime } from '../context.js';
import type { TransformTarget } from '../element_targets.js';

/**
 * A character: the core's kinematic mover (collide and slide, slopes, steps, moving
 * platforms), run in the world's thread every step. `[ref, api]`: the element the ref is
 * attached to follows the character; steer it with `api.setVelocity` (every frame or on
 * input), read `api.read()` / `api.isGrounded()`. A new `position` teleports it; the other
 * options recreate it.
 */
export function useCharacter<E extends TransformTarget = Element>(
  options: CharacterOptions,
): [RefCallback<E>, CharacterApi] {
  const runtime = useRuntime('useCharacter');
  const handle = useMemo(() => new CharacterHandle(runtime, options), [runtime]);
  useLayoutEffect(() => handle.update(options));
  useLayoutEffect(() => {
    handle.acquire();
    return () => handle.release();
  }, [handle]);
  return [handle.ref, handle.api];
}
