import {
  type BodyApi,
  type BodyOptions,
  type BodyStyleFn,
  type ShapeSpec,
  useBodies,
  useBody,
} from '@impulse/react';
import { sharedMemoryAvailable } from '@impulse/worker';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { chosenBackend } from '../../ui/active_scene';
import { bodyIds } from '../../ui/body_ids';
import { CanvasScene, sceneRenders, useSceneHandle } from '../../ui/CanvasScene';
import { Button, Segmented } from '../../ui/controls';
import { HIGHLIGHT } from '../../ui/palette';
import type { SceneMeta } from '../meta';
import { StepTime } from './step_time';

export const meta: SceneMeta = {
  id: 'stress',
  title: 'Stress',
  short: 'Stress',
  summary: [
    'Thousands of bodies fall into a box, declared with useBodies and drawn by <PhysicsCanvas> (WebGL2 on a GPU, else Canvas 2D). The world steps in a worker.',
    'The page reads shared transforms, no React render per frame. Solver threads: helper workers step one world, to the same bits for any count.',
  ],
};

const HALF_WIDTH = 30;
const COLUMNS = Math.floor((2 * HALF_WIDTH - 1) / 0.55);
const VIEW = { x0: -HALF_WIDTH - 1.5, x1: HALF_WIDTH + 1.5, y0: -0.6, y1: 30 };

const WALLS: ShapeSpec[] = [
  { type: 'box', width: 2 * HALF_WIDTH + 2, height: 2, offset: { x: 0, y: -1 }, friction: 0.6 },
  { type: 'box', width: 1, height: 50, offset: { x: -HALF_WIDTH - 0.5, y: 25 }, friction: 0.6 },
  { type: 'box', width: 1, height: 50, offset: { x: HALF_WIDTH + 0.5, y: 25 }, friction: 0.6 },
];
const BOX: ShapeSpec[] = [{ type: 'box', width: 0.44, height: 0.44, friction: 0.6 }];
const WIDE: ShapeSpec[] = [{ type: 'box', width: 0.64, height: 0.32, friction: 0.6 }];
const BALL: ShapeSpec[] = [{ type: 'circle', radius: 0.24, friction: 0.5 }];

/** Body i of the heap: rows of boxes, wide boxes and balls, every other row shifted. */
function heapBody(i: number): BodyOptions {
  const row = Math.floor(i / COLUMNS);
  const col = i % COLUMNS;
  const kind = i % 4;
  return {
    position: { x: -HALF_WIDTH + 0.8 + col * 0.55 + (row % 2) * 0.2, y: 0.5 + row * 0.56 },
    angle: ((i * 37) % 17) * 0.05,
    shapes: kind === 3 ? BALL : kind === 2 ? WIDE : BOX,
  };
}

/** `?bodies=N` starts with N bodies (the browser benchmark's 1,000 / 5,000 / 10,000). */
function initialCount(): number {
  const n = Number(new URLSearchParams(window.location.search).get('bodies'));
  return Number.isInteger(n) && n > 0 && n <= 20000 ? n : 5000;
}

/** The most solver threads offered: the cores present, at most 8. */
function maxThreads(): number {
  const cores = navigator.hardwareConcurrency;
  return Number.isInteger(cores) && cores > 1 ? Math.min(cores, 8) : 1;
}

/** `?threads=N` starts on N solver threads; 0 (the default) leaves the count to @impulse/worker. */
function initialThreads(): number {
  const n = Number(new URLSearchParams(window.location.search).get('threads'));
  return Number.isInteger(n) && n >= 1 && n <= maxThreads() ? n : 0;
}

type Kernel = 'auto' | 'js' | 'wasm';

/**
 * `?kernel=wasm` or `?kernel=js` starts with that contact kernel; the default, 'auto', leaves
 * it to @impulse/worker (the WebAssembly kernel on one solver thread).
 */
function initialKernel(): Kernel {
  const kernel = new URLSearchParams(window.location.search).get('kernel');
  return kernel === 'wasm' || kernel === 'js' ? kernel : 'auto';
}

const KERNEL_OPTIONS: { value: Kernel; label: string }[] = [
  { value: 'auto', label: 'Auto' },
  { value: 'js', label: 'JS' },
  { value: 'wasm', label: 'WebAssembly' },
];

const THREAD_OPTIONS = [
  { value: 0, label: 'Auto' },
  ...Array.from({ length: maxThreads() }, (_, i) => ({ value: i + 1, label: String(i + 1) })),
];

const WRECKING_BALL = 'wrecking ball';
const style: BodyStyleFn = (body) => (body.userData === WRECKING_BALL ? { fill: HIGHLIGHT } : null);

function Heap({ count, apis }: { count: number; apis: { current: BodyApi[] } }) {
  sceneRenders.count++;
  const scene = useSceneHandle();
  const bodies = useBodies(count, heapBody);
  apis.current = bodies.apis;
  useBody({ type: 'static', shapes: WALLS });
  // a wrecking ball that lands on top of the heap: grab it and plough through
  const [, ball] = useBody({
    position: { x: -HALF_WIDTH * 0.5, y: 1.5 + Math.ceil(count / COLUMNS) * 0.56 },
    shapes: [{ type: 'circle', radius: 1.2, density: 3, friction: 0.4 }],
    userData: WRECKING_BALL,
  });
  useLayoutEffect(() => {
    if (!scene) return;
    scene.testApi = ball;
    scene.bodies = () => bodyIds(bodies.apis);
  });
  return null;
}

export default function Stress() {
  const [count, setCount] = useState(initialCount);
  const [threads, setThreads] = useState(initialThreads);
  const [kernel, setKernel] = useState(initialKernel);
  const apis = useRef<BodyApi[]>([]);
  const inline = chosenBackend() === 'inline';
  // helpers need shared memory in the worker; inline the page's thread steps alone
  const parallel = !inline && sharedMemoryAvailable();
  const shake = useCallback(() => {
    const list = apis.current;
    for (let i = 0; i < list.length; i += 3) {
      list[i]!.applyImpulse({ x: ((i % 7) - 3) * 0.15, y: 1.2 + (i % 5) * 0.2 });
    }
  }, []);
  const other = inline ? window.location.pathname : `${window.location.pathname}?backend=inline`;
  return (
    <CanvasScene
      // a new count of bodies, of threads or a new kernel is a new world
      key={`${count} ${threads} ${kernel}`}
      meta={meta}
      physics={{
        ...(parallel && threads > 0 ? { solverWorkers: threads } : {}),
        ...(kernel === 'auto' ? {} : { contactKernel: kernel }),
      }}
      view={VIEW}
      bodyStyle={style}
      controls={
        <>
          <Segmented
            label="Bodies"
            value={count}
            options={[
              { value: 1000, label: '1,000' },
              { value: 2500, label: '2,500' },
              { value: 5000, label: '5,000' },
              { value: 10000, label: '10,000' },
            ]}
            onChange={setCount}
          />
          {parallel ? (
            <Segmented
              label="Solver threads"
              value={threads}
              options={THREAD_OPTIONS}
              onChange={setThreads}
            />
          ) : (
            <div className="control">
              <span className="control-label">Solver threads</span>
              <p className="control-hint" data-testid="threads-hint">
                {inline
                  ? 'One: inline, the page’s thread cannot wait for helpers.'
                  : crossOriginIsolated
                    ? 'One: helpers need shared memory, which this browser does not expose here.'
                    : 'One: helpers need shared memory, and this page is not cross-origin isolated.'}
              </p>
            </div>
          )}
          <Segmented label="Contact kernel" value={kernel} options={KERNEL_OPTIONS} onChange={setKernel} />
          <StepTime />
          <Button kind="primary" onClick={shake}>
            Shake
          </Button>
          <div className="control">
            <span className="control-label">Where the world steps</span>
            <p className="control-hint">
              {inline
                ? 'Now: on the main thread (inline). Rendering waits for every step.'
                : 'Now: in a Web Worker. The main thread only reads transforms and draws.'}
            </p>
            <a className="btn" href={`${other}#/stress`}>
              {inline ? 'Step in the worker' : 'Step on the main thread instead'}
            </a>
          </div>
        </>
      }
    >
      <Heap count={count} apis={apis} />
    </CanvasScene>
  );
}
