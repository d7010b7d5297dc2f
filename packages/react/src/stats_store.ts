/**
 * World-level UI state in a zustand store (framework-free; `usePhysicsStats` adapts it):
 * the newest step's statistics and the world's flags. The frame loop publishes into it at
 * most a few times a second and only when a value changed, so a stats panel re-renders at
 * that rate and a component that selects one field re-renders only when it changes.
 */
import type { PhysicsStats } from '@impulse/worker';
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface PhysicsStatsState {
  /** Number of steps taken. */
  stepCount: number;
  /** Simulated time (s). */
  simTime: number;
  /** Wall time of the newest step (ms), in the worker or inline. */
  stepMs: number;
  bodyCount: number;
  awakeBodyCount: number;
  contactCount: number;
  touchingContactCount: number;
  jointCount: number;
  paused: boolean;
  /** The debug overlay is on. */
  debug: boolean;
}

export type StatsStore = StoreApi<PhysicsStatsState>;

export function createStatsStore(): StatsStore {
  return createStore<PhysicsStatsState>()(() => ({
    stepCount: 0,
    simTime: 0,
    stepMs: 0,
    bodyCount: 0,
    awakeBodyCount: 0,
    contactCount: 0,
    touchingContactCount: 0,
    jointCount: 0,
    paused: false,
    debug: false,
  }));
}

const FIELDS = [
  'stepCount',
  'simTime',
  'stepMs',
  'bodyCount',
  'awakeBodyCount',
  'contactCount',
  'touchingContactCount',
  'jointCount',
  'paused',
] as const;

/** Copies the client's stats into the store; no update (and no render) when nothing changed. */
export function publishStats(store: StatsStore, stats: PhysicsStats): void {
  const state = store.getState();
  let changed = false;
  for (const field of FIELDS) {
    if (state[field] !== stats[field]) {
      changed = true;
      break;
    }
  }
  if (!changed) return;
  store.setState({
    stepCount: stats.stepCount,
    simTime: stats.simTime,
    stepMs: stats.stepMs,
    bodyCount: stats.bodyCount,
    awakeBodyCount: stats.awakeBodyCount,
    contactCount: stats.contactCount,
    touchingContactCount: stats.touchingContactCount,
    jointCount: stats.jointCount,
    paused: stats.paused,
  });
}
