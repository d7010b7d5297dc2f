import { type BodyOptions, type ShapeSpec, useBodies, useBody, usePhysicsStats } from '@impulse/react';
import { useCallback, useLayoutEffect, useState } from 'react';
import { CanvasScene, sceneRenders, useSceneHandle } from '../../ui/CanvasScene';
import { bodyIds } from '../../ui/body_ids';
import { Button, Slider, Toggle } from '../../ui/controls';
import { WakeOnChange } from '../../ui/wake_on_change';
import type { SceneMeta } from '../meta';
import { cardHouse, GROUND, pyramid, tower } from './layout';

export const meta: SceneMeta = {
  id: 'stacking',
  title: 'Stacking',
  short: 'Stacking',
  summary: [
    'A 15-row pyramid, a house of 40 cards and a 16-box tower rest without jitter: sub-stepping and warm starting carry the impulses.',
    'Drop to 1 sub-step or turn warm starting off and watch the tower sag, sway and fall; at 1 sub-step the house of cards folds too.',
  ],
};

const VIEW = { x0: -17, x1: 15, y0: -0.5, y1: 17 };
const PYRAMID = pyramid({ base: 15, origin: { x: -6, y: 0 } });
// 1 m cards leaning at 25 degrees, friction 0.7: a few millimetres of slack to settle
const CARDS = cardHouse({ halfLength: 0.5, origin: { x: 2.6, y: 0 } });
const TOWER = tower({ count: 16, x: 10 });
const HEAVY_BOX: ShapeSpec[] = [{ type: 'box', width: 1, height: 1, density: 4 }];

/** Where a dropped box starts: above the pyramid, at a random place and angle. */
interface Drop {
  x: number;
  angle: number;
}

/** The world: ground, pyramid, house of cards, tower, and the boxes dropped so far. */
function World({ drops }: { drops: readonly Drop[] }) {
  sceneRenders.count++;
  const scene = useSceneHandle();
  useBody(GROUND);
  const pile = useBodies(PYRAMID.length, (i) => PYRAMID[i]!);
  const cards = useBodies(CARDS.length, (i) => CARDS[i]!);
  const stack = useBodies(TOWER.length, (i) => TOWER[i]!);
  const dropped = useBodies(drops.length, (i) => dropOptions(drops[i]!));
  useLayoutEffect(() => {
    if (!scene) return;
    // the drag test grabs the tower's top box
    scene.testApi = stack.apis[stack.apis.length - 1]!;
    scene.bodies = () => bodyIds([...pile.apis, ...cards.apis, ...stack.apis, ...dropped.apis]);
  });
  return null;
}

function dropOptions(d: Drop): BodyOptions {
  return { position: { x: d.x, y: 16 }, angle: d.angle, shapes: HEAVY_BOX };
}

/** How many bodies are awake: the sleep toggle's effect, from the stats store (a few renders a second at most). */
function AwakeCount() {
  const awake = usePhysicsStats((s) => s.awakeBodyCount);
  return (
    <p className="control-hint" data-testid="awake-count">
      Now {awake === 1 ? '1 body' : `${awake} bodies`} awake.
    </p>
  );
}

export default function Stacking() {
  const [subSteps, setSubSteps] = useState(4);
  const [warm, setWarm] = useState(true);
  const [sleep, setSleep] = useState(true);
  const [drops, setDrops] = useState<Drop[]>([]);
  const dropBox = useCallback(
    () => setDrops((d) => [...d, { x: -6 + (Math.random() - 0.5) * 4, angle: Math.random() }]),
    [],
  );
  return (
    <CanvasScene
      meta={meta}
      view={VIEW}
      physics={{ subSteps, settings: { enableWarmStarting: warm, enableSleep: sleep } }}
      onReset={() => setDrops([])}
      controls={
        <>
          <WakeOnChange settings={`${subSteps} ${warm} ${sleep}`} />
          <Slider
            label="Sub-steps"
            value={subSteps}
            min={1}
            max={8}
            onChange={setSubSteps}
            hint="Solver passes per 1/60 s step. Fewer: cheaper, softer stacks."
          />
          <Toggle
            label="Warm starting"
            checked={warm}
            onChange={setWarm}
            hint="Start each step from the last step's contact impulses."
          />
          <Toggle
            label="Sleep"
            checked={sleep}
            onChange={setSleep}
            hint="Resting bodies stop being simulated."
          />
          <AwakeCount />
          <Button kind="primary" onClick={dropBox}>
            Drop a heavy box
          </Button>
        </>
      }
    >
      <World drops={drops} />
    </CanvasScene>
  );
}
