import { usePhysics } from '@impulse/react';
import { useEffect } from 'react';

/**
 * Wakes the world whenever `settings` (the live settings, as one string) changes: solver
 * settings and densities change live, but a resting pile sleeps and would not show it.
 */
export function WakeOnChange({ settings }: { settings: string }) {
  const physics = usePhysics();
  useEffect(() => {
    physics.wakeAll();
  }, [physics, settings]);
  return null;
}
