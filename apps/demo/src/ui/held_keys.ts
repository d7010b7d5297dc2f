/**
 * Keys held down, as named actions: the keyboard and the on-screen hold buttons (HoldPad)
 * press the same actions. A press or release is a React state change (a few a second at
 * most); a scene reads the latest set in its frame callback through `latest`.
 */
import { useEffect, useRef, useState } from 'react';

export interface HeldKeys<K extends string> {
  /** The actions held now (a new object when one changes). */
  held: Readonly<Record<K, boolean>>;
  /** The same, for frame callbacks: always the newest, never a stale closure. */
  latest: { readonly current: Readonly<Record<K, boolean>> };
  /** Presses or releases an action (the hold buttons). */
  hold(action: K, down: boolean): void;
  /**
   * For frame callbacks: whether `action` is held now or was pressed since the last call.
   * A tap (a finger on Jump, a quick Space) is often released before any frame sees it
   * held: it still counts, once.
   */
  take(action: K): boolean;
}

/** `keys` maps `KeyboardEvent.code`s to actions; every action starts released. */
export function useHeldKeys<K extends string>(keys: Readonly<Record<string, K>>): HeldKeys<K> {
  const [held, setHeld] = useState(() => {
    const none = {} as Record<K, boolean>;
    for (const action of Object.values(keys)) none[action] = false;
    return none;
  });
  const latest = useRef(held);
  latest.current = held;
  // presses no frame has taken yet (mutable: a press and its release within one frame leave React's state as it was)
  const [pressed] = useState(() => new Set<K>());
  const [hold] = useState(() => (action: K, down: boolean) => {
    if (down) pressed.add(action);
    setHeld((h) => (h[action] === down ? h : { ...h, [action]: down }));
  });
  const [take] = useState(() => (action: K) => pressed.delete(action) || latest.current[action]);
  const map = useRef(keys);
  map.current = keys;
  useEffect(() => {
    const on = (e: KeyboardEvent, down: boolean) => {
      const action = map.current[e.code];
      // leave typing in text fields alone
      if (action === undefined || (e.target instanceof HTMLInputElement && e.target.type !== 'range')) return;
      e.preventDefault();
      hold(action, down);
    };
    const down = (e: KeyboardEvent) => on(e, true);
    const up = (e: KeyboardEvent) => on(e, false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [hold]);
  return { held, latest, hold, take };
}
