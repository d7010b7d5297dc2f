import type { CSSProperties, ReactNode } from 'react';
import type { SceneMeta } from '../scenes/meta';
import type { SceneHandle } from './scene_handle';
import { Button } from './controls';
import { Legend } from './Legend';
import { SceneTitle } from './SceneTitle';
import { StatsOverlay } from './StatsOverlay';

/** The layout every scene shares: title and idea, the stage with its stats, the controls. */
export function SceneFrame(props: {
  meta: SceneMeta;
  sim: SceneHandle | null;
  controls: ReactNode;
  /** The stage's drawing surface (a <PhysicsCanvas>, DOM bodies, a Pixi stage). */
  stage: ReactNode;
  onReset: () => void;
  stageExtra?: ReactNode;
  /** The scene's own layout variables (a canvas scene's view shape: `stageFitStyle`). */
  style?: CSSProperties | undefined;
}) {
  const { meta, sim } = props;
  return (
    <section className="scene" data-scene={meta.id} style={props.style}>
      <header className="scene-head">
        <SceneTitle meta={meta} />
        <div className="scene-aside">
          <p className="stage-hint">Drag any body: mouse, pen or finger</p>
          <Legend />
        </div>
      </header>
      <div className="scene-body">
        <div className="stage">
          {props.stage}
          <StatsOverlay sim={sim} />
          {props.stageExtra}
        </div>
        <aside className="panel" aria-label="Controls">
          {props.controls}
          <div className="panel-actions">
            <Button onClick={props.onReset}>Reset scene</Button>
          </div>
        </aside>
      </div>
    </section>
  );
}
