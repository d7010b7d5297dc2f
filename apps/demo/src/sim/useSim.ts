import { useEffect, useRef, useState } from 'react';
import { chosenBackend, setActiveSim } from './active';
import { Sim, type SimOptions } from './sim';

/**
 * Creates the scene's world when the component mounts (and again when `resetKey`
 * changes), runs `setup` to build it, and disposes of it on unmount. StrictMode's double
 * mount makes and disposes one extra world; nothing leaks.
 */
export function useSim(
  options: Omit<SimOptions, 'backend'>,
  setup: (sim: Sim) => (() => void) | undefined,
  resetKey: unknown = 0,
): Sim | null {
  const [sim, setSim] = useState<Sim | null>(null);
  const latest = useRef({ options, setup });
  latest.current = { options, setup };
  useEffect(() => {
    const { options: o, setup: build } = latest.current;
    const s = new Sim({ ...o, backend: chosenBackend() });
    const teardown = build(s);
    setSim(s);
    setActiveSim(s);
    return () => {
      teardown?.();
      s.dispose();
      setActiveSim(null);
    };
  }, [resetKey]);
  return sim;
}
