import {
  type BodyOptions,
  type BodyStyleFn,
  type ShapeSpec,
  useBodies,
  useBody,
  usePhysicsStats,
} from '@impulse/react';
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

const PYRAMID_BASE = 15;
const PYRAMID_X = -6;
const TOWER_X = 10;
const TOWER_COUNT = 16;
const PYRAMID = pyramid({ base: PYRAMID_BASE, origin: { x: PYRAMID_X, y: 0 } });
const CARD_HALF_LENGTH = 0.5;
const CARD = 'card';
// 1 m cards leaning at 25 degrees, friction 0.7: a few millimetres of slack to settle
const CARDS = cardHouse({ halfLength: CARD_HALF_LENGTH, origin: { x: 2.6, y: 0 } }).map((o) => ({
  ...o,
  userData: CARD,
}));
/**
 * The cards in light grey, awake or asleep. A card is 5 mm thick, under a pixel at any zoom
 * the stage takes: the canvas draws it as a line in its outline colour.
 */
const CARD_COLOR = 'rgba(226, 232, 240, 0.85)';
const cardStyle: BodyStyleFn = (body) =>
  body.userData === CARD
    ? { fill: CARD_COLOR, stroke: CARD_COLOR, sleepingFill: CARD_COLOR, sleepingStroke: CARD_COLOR }
    : null;
const TOWER = tower({ count: TOWER_COUNT, x: TOWER_X });
/**
 * From the pyramid's left edge to the tower's right edge, and the tower's height with a
 * metre above it: no wider, so that on a phone, where the stage's width sets the zoom, the
 * scene spans the stage (a wider box left the cards a dozen pixels long). The metre right
 * of the tower keeps its top box off the stage's edge, where a finger can take it.
 */
const VIEW = {
  x0: PYRAMID_X - PYRAMID_BASE / 2 - 0.2,
  x1: TOWER_X + 0.5 + 0.8,
  y0: -0.5,
  y1: TOWER_COUNT + 1,
};
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
    () => setDrops((d) => [...d, { x: PYRAMID_X + (Math.random() - 0.5) * 4, angle: Math.random() }]),
    [],
  );
  return (
    <CanvasScene
      meta={meta}
      view={VIEW}
      bodyStyle={cardStyle}
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
