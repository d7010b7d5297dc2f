/** One pane of the lab: a world in its own `<Physics>`, stepped by the solver picked above it. */
import { Physics, PhysicsCanvas, type PhysicsCanvasApi, usePhysics } from '@impulse/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { chosenBackend } from '../../ui/active_scene';
import { chosenRenderer } from '../../ui/CanvasScene';
import { Slider } from '../../ui/controls';
import { Figures } from './figures';
import type { LabHandle } from './handle';
import { type LabWorld, type Setup, SetupWorld } from './setups';
import { type LabSolver, SOLVER_ORDER, SOLVERS, defaultsOf, paneWorld } from './solvers';

export interface PaneChoice {
  solver: LabSolver;
  values: Record<string, number>;
}

export function choiceOf(solver: LabSolver): PaneChoice {
  return { solver, values: defaultsOf(solver) };
}

/** Hands the pane's world and canvas to the lab's handle while the pane's `<Physics>` lives. */
function Register(props: {
  handle: LabHandle;
  index: number;
  world: LabWorld;
  canvas: { current: PhysicsCanvasApi | null };
}) {
  const api = usePhysics();
  const { handle, index, world, canvas } = props;
  useLayoutEffect(() => {
    handle.panes.set(index, { api, canvas, world });
    return () => {
      if (handle.panes.get(index)?.api === api) handle.panes.delete(index);
    };
  }, [handle, index, api, canvas, world]);
  return null;
}

export function Pane(props: {
  index: number;
  setup: Setup;
  reset: number;
  choice: PaneChoice;
  onChoice: (c: PaneChoice) => void;
  handle: LabHandle;
}) {
  const { index, setup, choice, onChoice, handle } = props;
  const canvas = useRef<PhysicsCanvasApi | null>(null);
  const [world] = useState<LabWorld>(() => ({ bodies: new Set(), joints: new Set() }));
  const info = SOLVERS[choice.solver];
  const w = paneWorld(choice.solver, choice.values);
  const label = `pane ${index + 1}: ${info.title}`;
  return (
    <article className="lab-pane" aria-label={label} data-pane={index}>
      <header className="lab-pane-head">
        <select
          aria-label={`Solver of pane ${index + 1}`}
          value={choice.solver}
          onChange={(e) => onChoice(choiceOf(e.currentTarget.value as LabSolver))}
        >
          {SOLVER_ORDER.map((s) => (
            <option key={s} value={s}>
              {SOLVERS[s].title}
            </option>
          ))}
        </select>
        <code className="lab-desc" title="What <Physics solver> receives">
          {w.solver === null ? `soft step, ${w.subSteps} sub-steps` : describe(w.solver)}
        </code>
      </header>
      <Physics
        key={`${setup.id}:${props.reset}`}
        backend={chosenBackend()}
        solver={w.solver}
        subSteps={w.subSteps}
        settings={w.settings}
      >
        <Register handle={handle} index={index} world={world} canvas={canvas} />
        <div
          className="lab-view"
          style={{ aspectRatio: `${setup.view.x1 - setup.view.x0} / ${setup.view.y1 - setup.view.y0}` }}
        >
          <PhysicsCanvas
            ref={canvas}
            className="stage-canvas"
            style={{ position: 'absolute' }}
            role="img"
            aria-label={`${setup.label} under ${info.title}`}
            renderer={chosenRenderer()}
            view={setup.view}
          />
        </div>
        <Figures world={world} setup={setup} label={label} />
        <SetupWorld id={setup.id} world={world} />
      </Physics>
      <div className="lab-knobs">
        {info.knobs.map((k) => (
          <Slider
            key={k.key}
            label={k.label}
            min={k.min}
            max={k.max}
            step={k.step}
            value={choice.values[k.key] ?? k.dflt}
            {...(k.format ? { format: k.format } : {})}
            onChange={(v) => onChoice({ solver: choice.solver, values: { ...choice.values, [k.key]: v } })}
          />
        ))}
      </div>
      <p className="lab-what">{info.what}</p>
      <p className="lab-fails">
        <strong>Fails: </strong>
        {info.fails}
      </p>
    </article>
  );
}

/** The description as a short line: `xpbd · subSteps 8 · iterations 1`. */
function describe(d: object): string {
  return Object.entries(d)
    .map(([k, v]) =>
      k === 'kind' ? String(v) : `${k} ${typeof v === 'number' ? +v.toPrecision(3) : String(v)}`,
    )
    .join(' · ');
}
