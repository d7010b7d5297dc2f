import { useStore } from 'zustand';
import { useRuntime } from '../context.js';
import type { PhysicsStatsState } from '../stats_store.js';

/**
 * World statistics (step time, bodies, awake bodies, contacts, joints, paused) from the
 * nearest `<Physics>`' zustand store. The component re-renders only when the selected
 * value changes, and the store is refreshed at most five times a second.
 */
export function usePhysicsStats<T>(selector: (stats: PhysicsStatsState) => T): T {
  const runtime = useRuntime('usePhysicsStats');
  return useStore(runtime.stats, selector);
}
