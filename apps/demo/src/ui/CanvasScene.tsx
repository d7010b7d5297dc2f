/**
 * A scene drawn by `@impulse/react`'s `<PhysicsCanvas>`: the scene's world is React
 * components inside `<Physics>`, the stage is the canvas, and the scene is published for the
 * shell (stats, transport badge) and the browser tests as a SceneHandle.
 */
import type { BodyId, Vec2 } from '@impulse/core';
import {
  type BodyStyleFn,
  type CanvasDrawFn,
  type CanvasViewBox,
  type CanvasViewFn,
  Physics,
  type PhysicsApi,
  PhysicsCanvas,
  type PhysicsCanvasApi,
  type PhysicsProps,
  type RendererKind,
  usePhysics,
} from '@impulse/react';
import { createContext, type ReactNode, useContext, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SceneMeta } from '../scenes/meta';
import { chosenBackend, setActiveSim } from './active_scene';
import { type Backend, type Perf, type SceneHandle, startFrameClock } from './scene_handle';
import { SceneFrame } from './SceneFrame';
import { stageFitStyle } from './stage_fit';

/** React renders of the canvas scenes' components (the stats show it stays flat while bodies move). */
export const sceneRenders = { count: 0 };

/** `?renderer=canvas2d|webgl` picks the canvas renderer (the benchmark compares them); default auto. */
export function chosenRenderer(): RendererKind | 'auto' {
  const r = new URLSearchParams(window.location.search).get('renderer');
  return r === 'canvas2d' || r === 'webgl' ? r : 'auto';
}

/** What the handle reads from the stage: `<PhysicsCanvas>`' api, or a Pixi stage's. */
export interface StageView extends Pick<PhysicsCanvasApi, 'perf' | 'toPage' | 'fromPage' | 'draggedBody'> {
  readonly renderer: string;
}

export class CanvasSceneHandle implements SceneHandle {
  readonly perf: Perf = { workMs: 0, readMs: 0, frameMs: 16.7, fps: 60, frames: 0 };
  /** The body the drag test grabs, asked when needed (a body's id changes when StrictMode remakes it). */
  testApi: { readonly id: BodyId | null } | null = null;
  note = '';
  /** The scene's dynamic bodies: the tracked ones (see `track`), unless the scene sets its own list. */
  bodies: () => BodyId[] = () => {
    const ids: BodyId[] = [];
    for (const list of this.tracked) for (const b of list) if (b.id !== null) ids.push(b.id);
    return ids;
  };
  private readonly tracked = new Set<readonly { readonly id: BodyId | null }[]>();
  private readonly rendersAtStart = sceneRenders.count;

  constructor(
    private readonly api: PhysicsApi,
    readonly backend: Backend,
    private readonly canvas: { current: StageView | null },
  ) {}

  get client() {
    return this.api.client;
  }

  get hiddenBodies(): number {
    return this.api.ownBodyCount();
  }

  get testBody(): BodyId | null {
    return this.testApi?.id ?? null;
  }

  get renderer(): string {
    return this.canvas.current?.renderer ?? 'none';
  }

  /** Display frames and the canvas's timings, smoothed like the canvas's own. */
  start(): () => void {
    return startFrameClock(this.perf, () => {
      const c = this.canvas.current;
      if (c) {
        this.perf.readMs = c.perf.readMs;
        this.perf.workMs = c.perf.drawMs;
      }
    });
  }

  /** Counts `bodies` among the scene's dynamic bodies until the returned function is called. */
  track(bodies: readonly { readonly id: BodyId | null }[]): () => void {
    this.tracked.add(bodies);
    return () => this.tracked.delete(bodies);
  }

  dynamicBodies(): BodyId[] {
    return this.bodies();
  }

  bodyPagePoint(body: BodyId): Vec2 | null {
    return this.canvas.current?.toPage(this.client.getBodyPosition(body)) ?? null;
  }

  pageToWorld(x: number, y: number): Vec2 | null {
    return this.canvas.current?.fromPage(x, y) ?? null;
  }

  draggedBody(): BodyId | null {
    return this.canvas.current?.draggedBody() ?? null;
  }

  reactRenders(): number {
    return sceneRenders.count - this.rendersAtStart;
  }
}

/** The scene handle for the components of the world (`<CanvasScene>` provides it; a page scene too). */
export const SceneContext = createContext<CanvasSceneHandle | null>(null);

/** The scene handle of the `<CanvasScene>` above (null until it starts): to set its test body, body list or note. */
export function useSceneHandle(): CanvasSceneHandle | null {
  return useContext(SceneContext);
}

/** Counts a component's bodies (a stable array: `useBodies(...).apis`, or a memoized list) among the scene's dynamic bodies. */
export function useTrackedBodies(bodies: readonly { readonly id: BodyId | null }[]): void {
  const scene = useSceneHandle();
  useLayoutEffect(() => scene?.track(bodies), [scene, bodies]);
}

/** Counts one body among the scene's dynamic bodies. */
export function useTrackedBody(body: { readonly id: BodyId | null }): void {
  useTrackedBodies(useMemo(() => [body], [body]));
}

/** Publishes the scene for the shell and the tests while `<Physics>` lives. */
export function Publish({
  canvas,
  onScene,
}: {
  canvas: { current: StageView | null };
  onScene: (s: CanvasSceneHandle | null) => void;
}) {
  const api = usePhysics();
  useLayoutEffect(() => {
    const scene = new CanvasSceneHandle(api, chosenBackend(), canvas);
    const stop = scene.start();
    setActiveSim(scene);
    onScene(scene);
    return () => {
      stop();
      setActiveSim(null);
      onScene(null);
    };
  }, [api, canvas, onScene]);
  return null;
}

export interface CanvasSceneProps {
  meta: SceneMeta;
  /** The world: bodies, joints and springs as React components (`useSceneHandle` reaches the scene). */
  children: ReactNode;
  controls: ReactNode;
  /** The world box in view, or a function of the frame (a camera that follows a body). */
  view: CanvasViewBox | CanvasViewFn;
  bodyStyle?: BodyStyleFn;
  onDraw?: CanvasDrawFn;
  physics?: Omit<PhysicsProps, 'children' | 'backend'>;
  /** Runs when the user resets the scene, before its world is made again: scene state to start over (drops, counters). */
  onReset?: () => void;
  /** A status line shown at the stage's top right (broken joints, a trigger zone's visits); the tests read it. */
  note?: string;
}

/** A scene on `<PhysicsCanvas>`; "Reset scene" makes its world (and every component in it) again. */
export function CanvasScene(props: CanvasSceneProps) {
  sceneRenders.count++;
  const [reset, setReset] = useState(0);
  const canvas = useRef<PhysicsCanvasApi | null>(null);
  const [scene, setScene] = useState<CanvasSceneHandle | null>(null);
  const narrow = typeof window !== 'undefined' && window.innerWidth < 560;
  const note = props.note ?? '';
  // the top keeps the stats strip clear of the view box; on a phone, the note under it too
  const padding = { top: narrow ? (note ? 104 : 84) : 64, right: 8, bottom: 8, left: 8 };
  useLayoutEffect(() => {
    if (scene) scene.note = note;
  }, [scene, note]);
  const { onReset } = props;
  return (
    <Physics key={reset} backend={chosenBackend()} {...props.physics}>
      <Publish canvas={canvas} onScene={setScene} />
      <SceneFrame
        meta={props.meta}
        sim={scene}
        style={stageFitStyle(props.view, padding)}
        onReset={() => {
          onReset?.();
          setReset((n) => n + 1);
        }}
        controls={props.controls}
        stageExtra={
          note ? (
            <p className="stage-note" aria-live="polite">
              {note}
            </p>
          ) : null
        }
        stage={
          <PhysicsCanvas
            ref={canvas}
            className="stage-canvas"
            style={{ position: 'absolute' }}
            data-testid="stage"
            role="img"
            aria-label={`${props.meta.title} scene`}
            renderer={chosenRenderer()}
            view={props.view}
            padding={padding}
            grid
            bodyStyle={props.bodyStyle}
            onDraw={props.onDraw}
          />
        }
      />
      <SceneContext.Provider value={scene}>{props.children}</SceneContext.Provider>
    </Physics>
  );
}
