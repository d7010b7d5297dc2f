import type { BodyId } from '@impulse/core';
import type { BodyApi } from '@impulse/react';

/** The ids of the bodies that exist now (a scene's list for the stats and the tests). */
export function bodyIds(apis: readonly BodyApi[]): BodyId[] {
  return apis.flatMap((a) => (a.id === null ? [] : [a.id]));
}
