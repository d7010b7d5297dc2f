import { type BodyId, BodyType, makeBox, makeCircle, makeOffsetBox } from '@impulse/core';
import { useRef, useState } from 'react';
import { HIGHLIGHT, type Sim } from '../../sim/sim';
import { useSim } from '../../sim/useSim';
import { Button, Segmented } from '../../ui/controls';
import { SceneFrame } from '../../ui/SceneFrame';
import type { SceneMeta } from '../meta';

export const meta: SceneMeta = {
  id: 'stress',
  title: 'Stress',
  short: 'Stress',
  summary: [
    'Thousands of bodies fall into a box. The world steps in a worker; the page only reads the shared transforms and draws.',
    'Compare the main thread’s ms per frame here with the same scene stepped on the main thread (inline).',
  ],
};

const HALF_WIDTH = 30;

function build(sim: Sim, count: number): BodyId[] {
  const w = sim.world;
  const walls = w.createBody();
  w.createPolygonShape(walls, makeOffsetBox(HALF_WIDTH + 1, 1, 0, -1, 0));
  w.createPolygonShape(walls, makeOffsetBox(0.5, 25, -HALF_WIDTH - 0.5, 25, 0));
  w.createPolygonShape(walls, makeOffsetBox(0.5, 25, HALF_WIDTH + 0.5, 25, 0));
  const box = makeBox(0.22, 0.22);
  const wide = makeBox(0.32, 0.16);
  const circle = makeCircle(0, 0, 0.24);
  const columns = Math.floor((2 * HALF_WIDTH - 1) / 0.55);
  const ids: BodyId[] = [];
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / columns);
    const col = i % columns;
    const x = -HALF_WIDTH + 0.8 + col * 0.55 + (row % 2) * 0.2;
    const y = 0.5 + row * 0.56;
    const body = w.createBody({ type: BodyType.Dynamic, position: { x, y }, angle: ((i * 37) % 17) * 0.05 });
    const kind = i % 4;
    if (kind === 3) w.createCircleShape(body, circle, { friction: 0.5 });
    else w.createPolygonShape(body, kind === 2 ? wide : box, { friction: 0.6 });
    ids.push(body);
  }
  // a wrecking ball that lands on top of the heap: grab it and plough through
  const rows = Math.ceil(count / columns);
  const ball = w.createBody({
    type: BodyType.Dynamic,
    position: { x: -HALF_WIDTH * 0.5, y: 1.5 + rows * 0.56 },
  });
  w.createCircleShape(ball, makeCircle(0, 0, 1.2), { density: 3, friction: 0.4 });
  sim.setBodyColor(ball, HIGHLIGHT);
  sim.testBody = ball;
  return ids;
}

/** `?bodies=N` starts with N bodies (the browser benchmark's 1,000 / 5,000 / 10,000). */
function initialCount(): number {
  const n = Number(new URLSearchParams(window.location.search).get('bodies'));
  return Number.isInteger(n) && n > 0 && n <= 20000 ? n : 5000;
}

export default function Stress() {
  const [count, setCount] = useState(initialCount);
  const [reset, setReset] = useState(0);
  const bodies = useRef<BodyId[]>([]);
  const sim = useSim(
    { view: { x0: -HALF_WIDTH - 1.5, x1: HALF_WIDTH + 1.5, y0: -0.6, y1: 30 } },
    (s) => {
      bodies.current = build(s, count);
      return undefined;
    },
    `${count}:${reset}`,
  );
  const inline = sim?.backend === 'inline';
  const shake = () => {
    if (!sim) return;
    const list = bodies.current;
    for (let i = 0; i < list.length; i += 3) {
      sim.client.applyLinearImpulseToCenter(list[i]!, { x: ((i % 7) - 3) * 0.15, y: 1.2 + (i % 5) * 0.2 });
    }
  };
  const other = inline ? window.location.pathname : `${window.location.pathname}?backend=inline`;
  return (
    <SceneFrame
      meta={meta}
      sim={sim}
      onReset={() => setReset((n) => n + 1)}
      controls={
        <>
          <Segmented
            label="Bodies"
            value={count}
            options={[
              { value: 1000, label: '1,000' },
              { value: 2500, label: '2,500' },
              { value: 5000, label: '5,000' },
              { value: 8000, label: '8,000' },
            ]}
            onChange={setCount}
          />
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
    />
  );
}
