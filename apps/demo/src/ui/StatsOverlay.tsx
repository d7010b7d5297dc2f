import type { PhysicsStats } from '@impulse/worker';
import { useEffect, useRef } from 'react';
import type { SceneHandle } from './scene_handle';

const FIELDS = ['fps', 'frame', 'step', 'bodies', 'awake', 'contacts', 'renders'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = {
  fps: 'FPS',
  frame: 'main ms/frame',
  step: 'worker step ms',
  bodies: 'bodies',
  awake: 'awake',
  contacts: 'contacts',
  renders: 'React renders',
};

/**
 * Frame rate and main-thread work per frame (measured by the renderer), the step time
 * and counts of the newest physics step (read from the shared frame, no message). Updated
 * four times a second by writing text nodes: React does not render for it.
 */
export function StatsOverlay({ sim }: { sim: SceneHandle | null }) {
  const cells = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  useEffect(() => {
    if (!sim) return;
    const stats = {} as PhysicsStats;
    const set = (f: Field, text: string) => {
      const el = cells.current[f];
      if (el && el.textContent !== text) el.textContent = text;
    };
    const update = () => {
      sim.client.getStats(stats);
      set('fps', sim.perf.fps.toFixed(0));
      set('frame', Number.isNaN(sim.perf.workMs) ? '–' : sim.perf.workMs.toFixed(2));
      if (sim.reactRenders) set('renders', String(sim.reactRenders()));
      set('step', stats.frame > 0 ? stats.stepMs.toFixed(2) : '–');
      set('bodies', String(Math.max(0, stats.bodyCount - sim.hiddenBodies)));
      set('awake', String(stats.awakeBodyCount));
      set('contacts', String(stats.touchingContactCount));
    };
    update();
    const timer = window.setInterval(update, 250);
    return () => window.clearInterval(timer);
  }, [sim]);
  return (
    <dl className="stats" aria-label="Statistics" data-testid="stats">
      {FIELDS.filter((f) => f !== 'renders' || sim?.reactRenders).map((f) => (
        <div key={f} className="stat">
          <dt>{f === 'step' && sim?.backend === 'inline' ? 'inline step ms' : LABELS[f]}</dt>
          <dd
            ref={(el) => {
              cells.current[f] = el;
            }}
          >
            –
          </dd>
        </div>
      ))}
    </dl>
  );
}
