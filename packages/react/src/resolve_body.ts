/** Body references as components take them: an api, a ref to one (from `<Body ref>`), or null for the world. */
import { type RefObject, useEffect, useState } from 'react';
import type { BodyApi } from './body_handle.js';

export type BodyRef = BodyApi | RefObject<BodyApi | null> | null;

function isRefObject(v: BodyRef): v is RefObject<BodyApi | null> {
  return v !== null && 'current' in v && !('applyImpulse' in v);
}

function current(v: BodyRef): BodyApi | null | undefined {
  if (!isRefObject(v)) return v;
  return v.current ?? undefined;
}

/**
 * The api behind each reference; undefined until every ref is attached. Refs attach
 * during the commit, so they are read in an effect (one extra render at mount, none after).
 */
export function useResolvedBodies(a: BodyRef, b: BodyRef): [BodyApi | null, BodyApi | null] | undefined {
  const [resolved, setResolved] = useState<[BodyApi | null, BodyApi | null] | undefined>(() => {
    const ra = current(a);
    const rb = current(b);
    return ra === undefined || rb === undefined ? undefined : [ra, rb];
  });
  useEffect(() => {
    const ra = current(a);
    const rb = current(b);
    const next: [BodyApi | null, BodyApi | null] | undefined =
      ra === undefined || rb === undefined ? undefined : [ra, rb];
    setResolved((prev) => (prev?.[0] === next?.[0] && prev?.[1] === next?.[1] ? prev : next));
  });
  return resolved;
}
