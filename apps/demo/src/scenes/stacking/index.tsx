import { BodyType, makeBox } from '@impulse/core';
import { addGround, addPyramid, cardHouseScene } from '@impulse/core/scenes';
import { useEffect, useState } from 'react';
import { useSim } from '../../sim/useSim';
import { Button, Slider, Toggle } from '../../ui/controls';
import { SceneFrame } from '../../ui/SceneFrame';
import type { SceneMeta } from '../meta';

export const meta: SceneMeta = {
  id: 'stacking',
  title: 'Stacking',
  short: 'Stacking',
  summary: [
    'A 15-row pyramid, a house of 40 cards and a 16-box tower rest without jitter: sub-stepping and warm starting carry the impulses.',
    'Drop to 1 sub-step or turn warm starting off and watch the tower sag, sway and fall; at 1 sub-step the house of cards folds too.',
  ],
};

const STACK = 16;

export default function Stacking() {
  const [reset, setReset] = useState(0);
  const [subSteps, setSubSteps] = useState(4);
  const [warm, setWarm] = useState(true);
  const [sleep, setSleep] = useState(true);
  const sim = useSim(
    {
      view: { x0: -17, x1: 15, y0: -0.5, y1: 17 },
      world: { subSteps, enableWarmStarting: warm, enableSleep: sleep },
    },
    (s) => {
      const world = s.asWorld();
      addGround(world, 40);
      addPyramid(world, { base: 15, origin: { x: -6, y: 0 } });
      // 1 m cards leaning at 25 degrees, friction 0.7: a few millimetres of slack to settle
      cardHouseScene(world, { halfLength: 0.5, origin: { x: 2.6, y: 0 }, ground: false });
      const box = makeBox(0.5, 0.5);
      for (let i = 0; i < STACK; i++) {
        const body = s.world.createBody({ type: BodyType.Dynamic, position: { x: 10, y: 0.5 + i } });
        s.world.createPolygonShape(body, box, { friction: 0.6 });
        s.testBody = body;
      }
      return undefined;
    },
    reset,
  );

  useEffect(() => {
    if (!sim) return;
    sim.client.setSettings({ subSteps, enableWarmStarting: warm, enableSleep: sleep });
    sim.wakeAll();
  }, [sim, subSteps, warm, sleep]);

  const dropBox = () => {
    if (!sim) return;
    const body = sim.world.createBody({
      type: BodyType.Dynamic,
      position: { x: -6 + (Math.random() - 0.5) * 4, y: 16 },
      angle: Math.random(),
    });
    sim.world.createPolygonShape(body, makeBox(0.5, 0.5), { density: 4 });
  };

  return (
    <SceneFrame
      meta={meta}
      sim={sim}
      onReset={() => setReset((r) => r + 1)}
      controls={
        <>
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
          <Button kind="primary" onClick={dropBox}>
            Drop a heavy box
          </Button>
        </>
      }
    />
  );
}
