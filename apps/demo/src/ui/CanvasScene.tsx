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
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { SceneMeta } from '../scenes/meta';
import { chosenBackend, setActiveSim } from './active_scene';
import { type Backend, countFrameInterval, type Perf, type SceneHandle } from './scene_handle';
import { SceneFrame } from './SceneFrame';

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
  readonly hiddenBodies = 1;
  private raf = 0;
  private last = 0;
  private readonly rendersAtStart = sceneRenders.count;

  constructor(
    private readonly api: PhysicsApi,
    readonly backend: Backend,
    private readonly canvas: { current: StageView | null },
  ) {}

  get client() {
    return this.api.client;
  }

  get testBody(): BodyId | null {
    return this.testApi?.id ?? null;
  }

  get renderer(): string {
    return this.canvas.current?.renderer ?? 'none';
  }

  /** Display frames and the canvas's timings, smoothed like the canvas's own. */
  start(): () => void {
    const tick = (now: number) => {
      this.raf = requestAnimationFrame(tick);
      if (this.last > 0) {
        countFrameInterval(this.perf, now - this.last);
      }
      this.last = now;
      this.perf.frames++;
      const c = this.canvas.current;
      if (c) {
        this.perf.readMs = c.perf.readMs;
        this.perf.workMs = c.perf.drawMs;
      }
    };
    this.raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(this.raf);
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

  isDragging(): boolean {
    return (this.canvas.current?.draggedBody() ?? null) !== null;
  }

  reactRenders(): number {
    return sceneRenders.count - this.rendersAtStart;
  }
}

/** Counts a component's bodies (a stable array: `useBodies(...).apis`, or a memoized list) among the scene's dynamic bodies. */
export function useTrackedBodies(
  scene: CanvasSceneHandle | null,
  bodies: readonly { readonly id: BodyId | null }[],
): void {
  useLayoutEffect(() => scene?.track(bodies), [scene, bodies]);
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
  /** The world: bodies, joints and springs as React components. */
  children: ReactNode;
  controls: ReactNode;
  onReset: () => void;
  /** The world box in view, or a function of the frame (a camera that follows a body). */
  view: CanvasViewBox | CanvasViewFn;
  bodyStyle?: BodyStyleFn;
  onDraw?: CanvasDrawFn;
  physics?: Omit<PhysicsProps, 'children' | 'backend'>;
  /** Gets the handle when the scene starts (to set its test body, note, body list). */
  onScene?: (scene: CanvasSceneHandle | null) => void;
  /** A status line shown at the stage's top right (broken joints, a trigger zone's visits); the tests read it. */
  note?: string;
}

export function CanvasScene(props: CanvasSceneProps) {
  sceneRenders.count++;
  const canvas = useRef<PhysicsCanvasApi | null>(null);
  const [scene, setScene] = useState<CanvasSceneHandle | null>(null);
  const onScene = props.onScene;
  const [publish] = useState(() => (s: CanvasSceneHandle | null) => {
    setScene(s);
    latest.current?.(s);
  });
  const latest = useRef(onScene);
  latest.current = onScene;
  const narrow = typeof window !== 'undefined' && window.innerWidth < 560;
  const note = props.note ?? '';
  useLayoutEffect(() => {
    if (scene) scene.note = note;
  }, [scene, note]);
  return (
    <Physics backend={chosenBackend()} {...props.physics}>
      <Publish canvas={canvas} onScene={publish} />
      <SceneFrame
        meta={props.meta}
        sim={scene}
        onReset={props.onReset}
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
            padding={{ top: narrow ? 84 : 64 }}
            grid
            bodyStyle={props.bodyStyle}
            onDraw={props.onDraw}
          />
        }
      />
      {props.children}
    </Physics>
  );
}
