/**
 * Waking every body at once: after a live change of the solver settings (sub-steps, warm
 * starting, a density) a resting pile is asleep and would not show it until touched. The
 * world has no such call of its own; the bodies are found in the newest published frame
 * (one read of the transform records), and only the sleeping ones that can move are woken.
 */
import { type BodyId, BodyRecord, BodyType } from '@impulse/core/contract';
import type { PhysicsClient } from '@impulse/worker';

/** What waking reads and calls (a subset of the client, so tests can fake it). */
export type WakeTarget = Pick<
  PhysicsClient,
  'getBodySlotCount' | 'readBodyTransforms' | 'isValidBody' | 'getBodyType' | 'setBodyAwake'
>;

/** Wakes every sleeping dynamic or kinematic body of the newest frame. Returns how many it woke. */
export function wakeAllBodies(client: WakeTarget): number {
  const records = new Float64Array(Math.max(1, client.getBodySlotCount()) * BodyRecord.Size);
  const n = client.readBodyTransforms(records);
  let woken = 0;
  for (let slot = 0; slot < n; slot++) {
    const o = slot * BodyRecord.Size;
    const id = records[o + BodyRecord.Id]!;
    // a free slot reads id 0
    if (id <= 0 || records[o + BodyRecord.Awake] === 1) continue;
    const body = id as BodyId;
    if (!client.isValidBody(body) || client.getBodyType(body) === BodyType.Static) continue;
    client.setBodyAwake(body, true);
    woken++;
  }
  return woken;
}
