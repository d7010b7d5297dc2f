/**
 * The scene on screen, for the shell (transport badge, stats overlay) and the test hook.
 * A tiny external store: React components subscribe with useSyncExternalStore and render
 * only when the scene changes, never per frame.
 */
import { useSyncExternalStore } from 'react';
import type { Backend, SceneHandle } from './scene_handle';

let active: SceneHandle | null = null;
const listeners = new Set<() => void>();

export function setActiveSim(sim: SceneHandle | null): void {
  active = sim;
  for (const l of listeners) l();
}

export function getActiveSim(): SceneHandle | null {
  return active;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useActiveSim(): SceneHandle | null {
  return useSyncExternalStore(subscribe, getActiveSim, getActiveSim);
}

/** `?backend=inline` steps the world on the main thread (for comparisons); the default is the worker. */
export function chosenBackend(): Backend {
  return new URLSearchParams(window.location.search).get('backend') === 'inline' ? 'inline' : 'worker';
}
