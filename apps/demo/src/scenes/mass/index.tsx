import { BodyType, makeBox, type ShapeId } from '@impulse/core';
import { addGround, chainScene } from '@impulse/core/scenes';
import { useEffect, useRef, useState } from 'react';
import { HIGHLIGHT, type Sim } from '../../sim/sim';
import { useSim } from '../../sim/useSim';
import { Button, Slider } from '../../ui/controls';
import { SceneFrame } from '../../ui/SceneFrame';
import type { SceneMeta } from '../meta';

export const meta: SceneMeta = {
  id: 'mass',
  title: 'Mass ratios',
  short: 'Mass ratios',
  summary: [
    'A heavy block on a tower of light ones, and a chain whose last link outweighs the rest: the hard cases for iterative solvers.',
    'At 10:1 they hold; raise the ratio toward 1000:1 (or lower the sub-steps) and watch the light boxes squash, then the towers give.',
  ],
};

interface Rig {
  heavyShapes: ShapeId[];
  chainEnd: ShapeId;
}

const LINK_DENSITY = 20;

function build(sim: Sim, ratio: number): Rig {
  const w = sim.world;
  addGround(sim.asWorld(), 40);
  const heavyShapes: ShapeId[] = [];
  // two towers of light boxes, each carrying a heavy block
  for (const [x, n] of [
    [-9, 3],
    [-4.5, 5],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const b = w.createBody({ type: BodyType.Dynamic, position: { x, y: 0.5 + i } });
      w.createPolygonShape(b, makeBox(0.5, 0.5), { density: 1 });
    }
    const heavy = w.createBody({ type: BodyType.Dynamic, position: { x, y: n + 0.75 } });
    heavyShapes.push(w.createPolygonShape(heavy, makeBox(1.2, 0.75), { density: ratio }));
    sim.setBodyColor(heavy, HIGHLIGHT);
    sim.testBody = heavy;
  }
  // a chain with a heavy last link, released at an angle so it swings
  const chain = chainScene(sim.asWorld(), {
    links: 12,
    linkLength: 0.75,
    radius: 0.12,
    density: LINK_DENSITY,
    endMassRatio: ratio,
    anchor: { x: 5.5, y: 11.5 },
    // released 56° from the vertical: it swings clear of the towers
    angle: -0.6,
  });
  const end = chain.links[chain.links.length - 1]!;
  sim.setBodyColor(end, HIGHLIGHT);
  return { heavyShapes, chainEnd: w.getBodyShapes(end)[0]! };
}

/** Slider position (0..3) to a ratio 1..1000, in steps that read well. */
function ratioFrom(position: number): number {
  const raw = 10 ** position;
  return raw < 10 ? Math.round(raw) : raw < 100 ? Math.round(raw / 5) * 5 : Math.round(raw / 50) * 50;
}

export default function MassRatios() {
  const [reset, setReset] = useState(0);
  const [position, setPosition] = useState(1);
  const [subSteps, setSubSteps] = useState(4);
  const ratio = ratioFrom(position);
  const rig = useRef<Rig | null>(null);
  const sim = useSim(
    { view: { x0: -12, x1: 14, y0: -0.5, y1: 12.5 } },
    (s) => {
      rig.current = build(s, ratio);
      return undefined;
    },
    reset,
  );
  useEffect(() => {
    const r = rig.current;
    if (!sim || !r) return;
    for (const shape of r.heavyShapes) sim.client.setShapeDensity(shape, ratio);
    sim.client.setShapeDensity(r.chainEnd, LINK_DENSITY * ratio);
    sim.note = `red : others = ${ratio} : 1`;
    sim.wakeAll();
  }, [sim, ratio]);

  useEffect(() => {
    if (!sim) return;
    sim.client.setSettings({ subSteps });
    sim.wakeAll();
  }, [sim, subSteps]);

  return (
    <SceneFrame
      meta={meta}
      sim={sim}
      onReset={() => setReset((n) => n + 1)}
      controls={
        <>
          <Slider
            label="Mass ratio"
            value={position}
            min={0}
            max={3}
            step={0.05}
            format={() => `${ratio} : 1`}
            onChange={setPosition}
            hint="The red bodies' density, against the light ones'."
          />
          <Slider
            label="Sub-steps"
            value={subSteps}
            min={1}
            max={8}
            onChange={setSubSteps}
            hint="More sub-steps carry large mass ratios better."
          />
          <Button kind="primary" onClick={() => sim?.wakeAll()}>
            Wake everything
          </Button>
        </>
      }
    />
  );
}
