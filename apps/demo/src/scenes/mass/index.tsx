import {
  type BodyApi,
  type BodyOptions,
  type BodyStyleFn,
  type ShapeSpec,
  useBodies,
  useBody,
  useJoint,
  usePhysics,
} from '@impulse/react';
import { useLayoutEffect, useState } from 'react';
import { CanvasScene, sceneRenders, useSceneHandle } from '../../ui/CanvasScene';
import { bodyIds } from '../../ui/body_ids';
import { Button, Slider } from '../../ui/controls';
import { HIGHLIGHT } from '../../ui/palette';
import { WakeOnChange } from '../../ui/wake_on_change';
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

const VIEW = { x0: -12, x1: 14, y0: -0.5, y1: 12.5 };
const GROUND: BodyOptions = {
  type: 'static',
  position: { x: 0, y: -1 },
  shapes: [{ type: 'box', width: 80, height: 2 }],
};
/** The heavy bodies are tagged so the canvas draws them red. */
const HEAVY = 'heavy';
const style: BodyStyleFn = (body) =>
  body.userData === HEAVY ? { fill: HIGHLIGHT, stroke: 'rgba(255,255,255,0.7)' } : null;

const LIGHT_BOX: ShapeSpec[] = [{ type: 'box', width: 1, height: 1, density: 1 }];
const BLOCK: ShapeSpec[] = [{ type: 'box', width: 2.4, height: 1.5 }];

// the chain: 12 capsule links hung from a pivot, released 56° from the vertical so it
// swings clear of the towers; its last link is `ratio` times denser than the others
const LINKS = 12;
const LINK_LENGTH = 0.75;
const LINK_DENSITY = 20;
const PIVOT = { x: 5.5, y: 11.5 };
const PIVOT_BODY: BodyOptions = { type: 'static', position: PIVOT, shapes: [] };
const CHAIN_ANGLE = -0.6;
const LINK: ShapeSpec[] = [
  {
    type: 'capsule',
    center1: { x: -0.5 * LINK_LENGTH, y: 0 },
    center2: { x: 0.5 * LINK_LENGTH, y: 0 },
    radius: 0.12,
    friction: 0.6,
  },
];

function link(i: number, ratio: number): BodyOptions {
  const along = (i + 0.5) * LINK_LENGTH;
  const last = i === LINKS - 1;
  return {
    position: { x: PIVOT.x + along * Math.cos(CHAIN_ANGLE), y: PIVOT.y + along * Math.sin(CHAIN_ANGLE) },
    angle: CHAIN_ANGLE,
    shapes: LINK,
    // density is live: a new ratio changes the last link's shape in place
    density: last ? LINK_DENSITY * ratio : LINK_DENSITY,
    userData: last ? HEAVY : undefined,
  };
}

/** Slider position (0..3) to a ratio 1..1000, in steps that read well. */
function ratioFrom(position: number): number {
  const raw = 10 ** position;
  return raw < 10 ? Math.round(raw) : raw < 100 ? Math.round(raw / 5) * 5 : Math.round(raw / 50) * 50;
}

/** A light box, the `i`th from the ground of the tower at `x`. */
function lightBox(x: number, i: number): BodyOptions {
  return { position: { x, y: 0.5 + i }, shapes: LIGHT_BOX };
}

/** The block on top of a tower of `count` boxes at `x`; density is live, a new ratio changes it in place. */
function block(x: number, count: number, ratio: number): BodyOptions {
  return { position: { x, y: count + 0.75 }, shapes: BLOCK, density: ratio, userData: HEAVY };
}

/** One revolute pin: link `b`'s left end on the pivot body `a` (its origin) or on link `a`'s right end. */
function Pin({ a, b, first }: { a: BodyApi; b: BodyApi; first: boolean }) {
  useJoint('revolute', a, b, {
    localAnchorA: first ? { x: 0, y: 0 } : { x: 0.5 * LINK_LENGTH, y: 0 },
    localAnchorB: { x: -0.5 * LINK_LENGTH, y: 0 },
  });
  return null;
}

/** The world: two towers of light boxes under heavy blocks, and the chain. */
function World({ ratio }: { ratio: number }) {
  sceneRenders.count++;
  const scene = useSceneHandle();
  useBody(GROUND);
  const short = useBodies(3, (i) => lightBox(-9, i));
  const [, shortBlock] = useBody(block(-9, 3, ratio));
  const tall = useBodies(5, (i) => lightBox(-4.5, i));
  const [, tallBlock] = useBody(block(-4.5, 5, ratio));
  // the chain hangs from a static body with no shapes
  const [, pivot] = useBody(PIVOT_BODY);
  const links = useBodies(LINKS, (i) => link(i, ratio));
  useLayoutEffect(() => {
    if (!scene) return;
    // the drag test grabs the taller tower's block
    scene.testApi = tallBlock;
    scene.bodies = () => bodyIds([...short.apis, shortBlock, ...tall.apis, tallBlock, ...links.apis]);
  });
  return links.apis.map((b, i) => (
    <Pin key={i} a={i === 0 ? pivot : links.apis[i - 1]!} b={b} first={i === 0} />
  ));
}

function WakeButton() {
  const physics = usePhysics();
  return (
    <Button kind="primary" onClick={() => physics.wakeAll()}>
      Wake everything
    </Button>
  );
}

export default function MassRatios() {
  const [position, setPosition] = useState(1);
  const [subSteps, setSubSteps] = useState(4);
  const ratio = ratioFrom(position);
  return (
    <CanvasScene
      meta={meta}
      view={VIEW}
      bodyStyle={style}
      note={`red : others = ${ratio} : 1`}
      physics={{ subSteps }}
      controls={
        <>
          <WakeOnChange settings={`${ratio} ${subSteps}`} />
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
          <WakeButton />
        </>
      }
    >
      <World ratio={ratio} />
    </CanvasScene>
  );
}
