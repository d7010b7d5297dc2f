import type { Vec2 } from '@impulse/core';
import type { PhysicsClient } from '@impulse/worker';
import { useMemo } from 'react';
import { useRuntime } from '../context.js';
import type { PhysicsRuntime } from '../runtime.js';
import { type ScreenMapping, screenToWorld, worldToScreen } from '../screen.js';
import { wakeAllBodies } from '../wake_all.js';

/** The world of the nearest `<Physics>`. */
export interface PhysicsApi {
  /** The underlying client (the core World's API). Read it in effects and handlers, not in render. */
  readonly client: PhysicsClient;
  /**
   * `stepping="manual"`: takes `count` steps and shows them at once. Safe right after mount,
   * StrictMode included: a step asked of the first mount's world, which the remount
   * replaces, is taken by the world that lives on.
   */
  step(count?: number): Promise<void>;
  /**
   * Resolves once the world is ready to answer (a worker has started). Prefer it to
   * `client.ready`: under StrictMode the first mount's client is disposed, and its `ready`
   * rejects; this one follows the world that lives on.
   */
  ready(): Promise<void>;
  setPaused(paused: boolean): void;
  isPaused(): boolean;
  /** The world → screen mapping (scale, origin, flipY). */
  readonly mapping: Readonly<ScreenMapping>;
  worldToScreen(point: Vec2): Vec2;
  screenToWorld(point: Vec2): Vec2;
  /**
   * Measures every HTML element's layout place again, at the next frame. Siblings added,
   * removed or reordered, and a resized parent or window, are noticed on their own; call
   * this after a layout change nothing observes (a class or style that moves elements).
   */
  remeasure(): void;
  /**
   * Wakes every sleeping body that can move (after a live settings change, so a resting
   * pile shows it). Returns how many it woke. One call per body asleep: for a button, not
   * for every frame.
   */
  wakeAll(): number;
  /**
   * How many of the world's bodies `<Physics>` made for itself: the static ground that
   * world-anchored joints and drags pin to (once one needs it) and each point spring's anchor.
   * The client's `bodyCount` includes
   * them: subtract this to count the app's bodies.
   */
  ownBodyCount(): number;
}

export function physicsApi(runtime: PhysicsRuntime): PhysicsApi {
  return {
    get client() {
      return runtime.client;
    },
    step: (count = 1) => runtime.step(count),
    ready: () => runtime.ready(),
    setPaused: (paused) => runtime.setPaused(paused),
    isPaused: () => runtime.client.isPaused(),
    mapping: runtime.mapping,
    worldToScreen: (p) => worldToScreen(runtime.mapping, p),
    screenToWorld: (p) => screenToWorld(runtime.mapping, p),
    remeasure: () => runtime.loop.targets.markStale(),
    wakeAll: () => wakeAllBodies(runtime.client),
    ownBodyCount: () => runtime.ownBodyCount(),
  };
}

/** The nearest `<Physics>`' world: its client, manual stepping, pause and the screen mapping. */
export function usePhysics(): PhysicsApi {
  const runtime = useRuntime('usePhysics');
  return useMemo(() => physicsApi(runtime), [runtime]);
}
