/** The context `<Physics>` provides, and the one check every hook makes. */
import { createContext, useContext } from 'react';
import type { PhysicsRuntime } from './runtime.js';

export const PhysicsContext = createContext<PhysicsRuntime | null>(null);

/** The nearest `<Physics>`' runtime; a clear error outside one. */
export function useRuntime(hook: string): PhysicsRuntime {
  const runtime = useContext(PhysicsContext);
  if (runtime === null) {
    throw new Error(`${hook}: no <Physics> above this component; wrap the scene in <Physics>...</Physics>`);
  }
  return runtime;
}
