import { useEffect, useRef } from 'react';
import type { Sim } from '../sim/sim';

/** The canvas a scene draws on; it fills the stage and takes pointer drags. */
export function Stage({ sim, label }: { sim: Sim | null; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!sim || !canvas.current) return;
    return sim.attach(canvas.current);
  }, [sim]);
  return <canvas ref={canvas} className="stage-canvas" aria-label={label} data-testid="stage" />;
}
