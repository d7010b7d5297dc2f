/**
 * The solver lab: the same world stepped by two to four solvers side by side, each pane its
 * own `<Physics solver=...>` in its own worker, with live figures and live settings.
 */
import { type CSSProperties, useLayoutEffect, useState } from 'react';
import { setActiveSim } from '../../ui/active_scene';
import { Button, Segmented } from '../../ui/controls';
import { SceneTitle } from '../../ui/SceneTitle';
import { StatsOverlay } from '../../ui/StatsOverlay';
import type { SceneMeta } from '../meta';
import { LabHandle } from './handle';
import { choiceOf, Pane, type PaneChoice } from './pane';
import { SETUPS, type SetupId } from './setups';
import type { LabSolver } from './solvers';
import './lab.css';

export const meta: SceneMeta = {
  id: 'lab',
  title: 'Solver lab',
  short: 'Solvers',
  summary: [
    'One world, stepped side by side by the solvers of the constraint literature: the soft step, Baumgarte, the block solver, NGS, soft ODE, PGS, Jacobi, XPBD.',
    'Each pane is its own <Physics solver={{ kind, ...settings }}> in a worker; change a solver or a setting and the live world switches.',
  ],
};

/** The solvers the panes start with, for two, three and four panes. */
const START: readonly LabSolver[] = ['soft', 'baumgarte', 'xpbd', 'ngs'];

export default function SolverLab() {
  const [setupId, setSetupId] = useState<SetupId>('stack');
  const [count, setCount] = useState(3);
  const [reset, setReset] = useState(0);
  const [choices, setChoices] = useState<PaneChoice[]>(() => START.map(choiceOf));
  const [handle] = useState(() => new LabHandle());
  const [shown, setShown] = useState<LabHandle | null>(null);
  useLayoutEffect(() => {
    const stop = handle.start();
    setActiveSim(handle);
    setShown(handle);
    return () => {
      stop();
      setActiveSim(null);
    };
  }, [handle]);
  const setup = SETUPS.find((s) => s.id === setupId)!;
  return (
    <section className="scene" data-scene={meta.id}>
      <header className="scene-head">
        <SceneTitle meta={meta} />
        <div className="scene-aside">
          <p className="stage-hint">Drag any body in any pane</p>
        </div>
      </header>
      <div className="lab-body">
        <div className="lab-toolbar">
          <Segmented
            label="World"
            value={setupId}
            options={SETUPS.map((s) => ({ value: s.id, label: s.label }))}
            onChange={setSetupId}
          />
          <Segmented
            label="Panes"
            value={count}
            options={[2, 3, 4].map((n) => ({ value: n, label: String(n) }))}
            onChange={setCount}
          />
          <div className="lab-shell-stats">
            <StatsOverlay sim={shown} />
          </div>
          <div className="lab-actions">
            <Button onClick={() => setReset((n) => n + 1)}>Reset scene</Button>
          </div>
        </div>
        <p className="lab-watch">{setup.watch}</p>
        <div className="lab-panes" data-testid="stage" style={{ '--lab-columns': count } as CSSProperties}>
          {choices.slice(0, count).map((c, i) => (
            <Pane
              key={i}
              index={i}
              setup={setup}
              reset={reset}
              choice={c}
              onChoice={(next) => setChoices((all) => all.map((old, j) => (j === i ? next : old)))}
              handle={handle}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
