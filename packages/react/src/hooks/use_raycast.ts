import type { BodyId, QueryFilter, RayHit, Vec2 } from '@impulse/core';
import { useCallback } from 'react';
import { useRuntime } from '../context.js';

export interface RaycastOptions {
  /** 'closest' (default), 'any' (the first found: cheapest), or 'all' (sorted by distance). */
  mode?: 'closest' | 'any' | 'all';
  /** Which shapes the ray sees (category and mask bits; a field left out: every bit). */
  filter?: Partial<QueryFilter>;
}

/** A ray hit, with the hit body's user data. */
export interface RaycastHit extends RayHit {
  userData: unknown;
}

export type Raycast = (from: Vec2, to: Vec2, options?: RaycastOptions) => Promise<RaycastHit[]>;

/**
 * A ray cast function for the nearest `<Physics>` world: `await cast(from, to)` resolves
 * to the hits from `from` to `to` (world meters), closest first (an empty array for a
 * miss). Asynchronous because the world may live in a worker; the commands issued before
 * the cast are applied first. The function is stable across renders.
 */
export function useRaycast(): Raycast {
  const runtime = useRuntime('useRaycast');
  return useCallback<Raycast>(
    async (from, to, options = {}) => {
      const client = runtime.client;
      const translation = { x: to.x - from.x, y: to.y - from.y };
      const mode = options.mode ?? 'closest';
      let hits: RayHit[];
      if (mode === 'all') {
        hits = (await client.castRayAll(from, translation, options.filter)).sort(
          (a, b) => a.fraction - b.fraction,
        );
      } else {
        const hit =
          mode === 'any'
            ? await client.castRayAny(from, translation, options.filter)
            : await client.castRayClosest(from, translation, options.filter);
        hits = hit ? [hit] : [];
      }
      if (client.isDisposed()) return [];
      // A body destroyed since the cast was sent has no user data to give.
      return hits.map((h) => ({
        ...h,
        userData: client.isValidBody(h.bodyId as BodyId) ? client.getBodyUserData(h.bodyId) : undefined,
      }));
    },
    [runtime],
  );
}
