import type { Vec2 } from '@impulse/core';
import {
  type BodyApi,
  type BodyOptions,
  Physics,
  type ShapeSpec,
  useBody,
  useDragSurface,
} from '@impulse/react';
import { Application, extend } from '@pixi/react';
import { Container, Graphics } from 'pixi.js';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { chosenBackend } from '../../ui/active_scene';
import { bodyIds } from '../../ui/body_ids';
import { type CanvasSceneHandle, sceneRenders } from '../../ui/CanvasScene';
import { Button } from '../../ui/controls';
import { HIGHLIGHT } from '../../ui/palette';
import { PublishPage } from '../../ui/page_scene';
import { SceneFrame } from '../../ui/SceneFrame';
import { meta } from './meta';

extend({ Container, Graphics });

const VIEW = { x0: -9, x1: 9, y0: -0.6, y1: 10 };
const PALETTE = [0xf59e0b, 0x34d399, 0x60a5fa, 0xc084fc, 0xfbbf24, 0x2dd4bf];
const GROUND: ShapeSpec[] = [
  { type: 'box', width: 18, height: 1, offset: { x: 0, y: -0.5 } },
  { type: 'box', width: 0.5, height: 10, offset: { x: -8.75, y: 5 } },
  { type: 'box', width: 0.5, height: 10, offset: { x: 8.75, y: 5 } },
  { type: 'box', width: 7, height: 0.3, offset: { x: -4, y: 3 }, angle: -0.3 },
];

/** World ↔ Pixi mapping: `<Physics>`' scale and origin in page pixels, fitted to the stage. */
interface Fit {
  scale: number;
  origin: Vec2;
  /** The stage's top-left on the page: the Pixi root is shifted back by it. */
  left: number;
  top: number;
}

function fitStage(stage: HTMLElement): Fit {
  const r = stage.getBoundingClientRect();
  const pad = 8;
  const top = r.width < 560 ? 84 : 64;
  const w = r.width - 2 * pad;
  const h = r.height - pad - top;
  const scale = Math.max(1, Math.min(w / (VIEW.x1 - VIEW.x0), h / (VIEW.y1 - VIEW.y0)));
  const left = r.left + window.scrollX;
  const pageTop = r.top + window.scrollY;
  return {
    scale,
    origin: {
      x: left + r.width / 2 - scale * 0.5 * (VIEW.x0 + VIEW.x1),
      y: pageTop + r.height - pad + scale * VIEW.y0,
    },
    left,
    top: pageTop,
  };
}

/** Draws a body's shapes into a Graphics, in pixels around the body's origin (y down). */
function drawShapes(
  g: Graphics,
  shapes: readonly ShapeSpec[],
  k: number,
  fill: number,
  stroke: number,
): void {
  g.clear();
  for (const s of shapes) {
    if (s.type === 'box') {
      const ox = (s.offset?.x ?? 0) * k;
      const oy = -(s.offset?.y ?? 0) * k;
      const a = -(s.angle ?? 0);
      const hw = (s.width * k) / 2;
      const hh = (s.height * k) / 2;
      const c = Math.cos(a);
      const n = Math.sin(a);
      const corner = (u: number, v: number) => ({ x: ox + c * u - n * v, y: oy + n * u + c * v });
      g.poly([corner(-hw, -hh), corner(hw, -hh), corner(hw, hh), corner(-hw, hh)]);
    } else if (s.type === 'circle') {
      g.circle((s.offset?.x ?? 0) * k, -(s.offset?.y ?? 0) * k, s.radius * k);
      g.fill(fill).stroke({ color: stroke, width: 1.5 });
      // a spoke shows the rotation
      g.moveTo(0, 0).lineTo(s.radius * k, 0);
    }
    g.fill(fill).stroke({ color: stroke, width: 1.5 });
  }
}

/** A body drawn by Pixi: its Container is the body's transform target. */
function PixiBody(props: {
  options: BodyOptions;
  shapes: readonly ShapeSpec[];
  k: number;
  fill: number;
  stroke: number;
  onApi?: (api: BodyApi) => void;
}) {
  sceneRenders.count++;
  const [ref, api] = useBody<Container>({ ...props.options, shapes: props.shapes });
  const { onApi } = props;
  useLayoutEffect(() => {
    onApi?.(api);
  }, [api, onApi]);
  const { shapes, k, fill, stroke } = props;
  const draw = useCallback(
    (g: Graphics) => drawShapes(g, shapes, k, fill, stroke),
    [shapes, k, fill, stroke],
  );
  return (
    <pixiContainer ref={ref}>
      <pixiGraphics draw={draw} />
    </pixiContainer>
  );
}

const CRATE: ShapeSpec[] = [{ type: 'box', width: 0.9, height: 0.9, friction: 0.6 }];
const PLANK: ShapeSpec[] = [{ type: 'box', width: 1.6, height: 0.4, friction: 0.6 }];
const BALL: ShapeSpec[] = [{ type: 'circle', radius: 0.45, friction: 0.4, restitution: 0.3 }];
const BIG: ShapeSpec[] = [{ type: 'circle', radius: 0.8, density: 2, friction: 0.4 }];

function World({ k, scene, count }: { k: number; scene: CanvasSceneHandle | null; count: number }) {
  const apis = useRef(new Map<number, BodyApi>());
  const items = useMemo(
    () =>
      Array.from({ length: count }, (_, i) => ({
        shapes: i % 3 === 0 ? BALL : i % 3 === 1 ? CRATE : PLANK,
        options: {
          position: { x: -5 + (i % 6) * 1.8 + (i % 2) * 0.3, y: 5 + Math.floor(i / 6) * 1.3 },
          angle: i * 0.3,
        },
        fill: PALETTE[i % PALETTE.length]!,
      })),
    [count],
  );
  const [big, setBig] = useState<BodyApi | null>(null);
  useLayoutEffect(() => {
    if (!scene) return;
    scene.testApi = big;
    scene.bodies = () => bodyIds([...apis.current.values()]);
  });
  return (
    <>
      <PixiBody options={{ type: 'static' }} shapes={GROUND} k={k} fill={0x1f2937} stroke={0x475569} />
      {items.map((item, i) => (
        <PixiBody
          // an item is its index
          key={i}
          options={item.options}
          shapes={item.shapes}
          k={k}
          fill={item.fill}
          stroke={0xffffff}
          onApi={(api) => apis.current.set(i, api)}
        />
      ))}
      <PixiBody
        options={{ position: { x: 4, y: 8 } }}
        shapes={BIG}
        k={k}
        fill={Number.parseInt(HIGHLIGHT.slice(1), 16)}
        stroke={0xffffff}
        onApi={setBig}
      />
    </>
  );
}

/** The Pixi application on the stage, and dragging on its canvas. */
function PixiStage({
  fit,
  scene,
  count,
}: {
  fit: Fit | null;
  scene: CanvasSceneHandle | null;
  count: number;
}) {
  // Pixi makes its canvas when its asynchronous init ends, after this component's effects ran
  // (a ref read at mount found none on a slow page: WebKitGTK's drags then did nothing), so the
  // canvas is handed over in state once Pixi has it.
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  useDragSurface(canvas);
  const stage = useRef<HTMLDivElement>(null);
  return (
    <div ref={stage} className="stage-canvas" data-testid="stage" role="img" aria-label="Pixi.js scene">
      {/* made once the stage is measured: props given while Pixi initialises are not applied */}
      {fit && (
        <Application
          resizeTo={stage}
          background="#0d121b"
          antialias
          preference="webgl"
          onInit={(app) => setCanvas(app.canvas)}
        >
          <pixiContainer x={-fit.left} y={-fit.top}>
            <World k={fit.scale} scene={scene} count={count} />
          </pixiContainer>
        </Application>
      )}
    </div>
  );
}

function Scene({ fit, count, onReset }: { fit: Fit | null; count: number; onReset: () => void }) {
  const [scene, setScene] = useState<CanvasSceneHandle | null>(null);
  return (
    <>
      <PublishPage renderer="pixi" onScene={setScene} />
      <SceneFrame
        meta={meta}
        sim={scene}
        onReset={onReset}
        stage={<PixiStage fit={fit} scene={scene} count={count} />}
        controls={
          <div className="control">
            <span className="control-label">How it is drawn</span>
            <p className="control-hint">
              pixi.js renders; @impulse/react only writes each Container’s position and rotation, in the
              pixels of {'<Physics scale origin>'}.
            </p>
            <Button kind="primary" onClick={onReset}>
              Drop them again
            </Button>
          </div>
        }
      />
    </>
  );
}

export default function PixiScene() {
  const [reset, setReset] = useState(0);
  const [fit, setFit] = useState<Fit | null>(null);
  const probe = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = probe.current?.closest('.main')?.querySelector<HTMLElement>('.stage');
    if (!el) return;
    const update = () => setFit(fitStage(el));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={probe} style={{ display: 'contents' }}>
      <Physics
        key={reset}
        backend={chosenBackend()}
        scale={fit?.scale ?? 40}
        origin={fit?.origin ?? { x: 0, y: 0 }}
      >
        <Scene fit={fit} count={18} onReset={() => setReset((n) => n + 1)} />
      </Physics>
    </div>
  );
}
