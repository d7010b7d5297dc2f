/**
 * The worlds the lab compares, as React components: every pane renders the same one in its
 * own `<Physics>`. Each registers its dynamic bodies and its joints' anchors with the pane
 * (`LabWorld`), which measures drift, overlap, energy and joint gaps from them.
 */
import type { Vec2 } from '@impulse/core';
import { type BodyApi, type CanvasViewBox, type ShapeSpec, useBody, useJoint } from '@impulse/react';
import { useLayoutEffect } from 'react';

/** A joint's two anchors: body-local points, or a world point where the body is null (the ground). */
export interface JointAnchors {
  a: BodyApi | null;
  localA: Vec2;
  b: BodyApi;
  localB: Vec2;
}

/** What a world tells its pane. */
export interface LabWorld {
  bodies: Set<BodyApi>;
  joints: Set<JointAnchors>;
}

export type SetupId = 'stack' | 'pyramid' | 'chain' | 'bridge';

export interface Setup {
  id: SetupId;
  label: string;
  /** What to watch in this world. */
  watch: string;
  view: CanvasViewBox;
  /** The figures that mean something here. */
  figures: readonly ('drift' | 'overlap' | 'energy' | 'gap')[];
}

export const SETUPS: readonly Setup[] = [
  {
    id: 'stack',
    label: 'Tall stack',
    watch: 'A column of 16 boxes: does it stand, and how far does its top drift?',
    view: { x0: -3.2, x1: 3.2, y0: -0.4, y1: 8.6 },
    figures: ['drift', 'overlap', 'energy'],
  },
  {
    id: 'pyramid',
    label: 'Pyramid',
    watch: 'A pyramid of 55 boxes: held from both sides, it shows sag and creep.',
    view: { x0: -3.4, x1: 3.4, y0: -0.4, y1: 5.6 },
    figures: ['drift', 'overlap', 'energy'],
  },
  {
    id: 'chain',
    label: 'Mass ratio 100:1',
    watch:
      'A chain of 12 light links with a block 100 times heavier at its end, released sideways: do the joints stretch?',
    view: { x0: -7, x1: 7, y0: -0.4, y1: 7.9 },
    figures: ['gap', 'energy'],
  },
  {
    id: 'bridge',
    label: 'Bridge',
    watch: 'Sixteen planks on pin joints carry a load: how much do the joints open, how far does it sag?',
    view: { x0: -5.2, x1: 5.2, y0: -3, y1: 4.2 },
    figures: ['gap', 'overlap', 'energy'],
  },
];

/** Registers a body with the pane while it lives. */
function useRegistered(world: LabWorld, api: BodyApi): void {
  useLayoutEffect(() => {
    world.bodies.add(api);
    return () => {
      world.bodies.delete(api);
    };
  }, [world, api]);
}

function useRegisteredJoint(world: LabWorld, anchors: JointAnchors): void {
  const { a, b } = anchors;
  const { x: ax, y: ay } = anchors.localA;
  const { x: bx, y: by } = anchors.localB;
  useLayoutEffect(() => {
    const j: JointAnchors = { a, localA: { x: ax, y: ay }, b, localB: { x: bx, y: by } };
    world.joints.add(j);
    return () => {
      world.joints.delete(j);
    };
  }, [world, a, b, ax, ay, bx, by]);
}

const GROUND: ShapeSpec[] = [{ type: 'box', width: 12, height: 1, offset: { x: 0, y: -0.5 }, friction: 0.6 }];

function Ground() {
  useBody({ type: 'static', shapes: GROUND });
  return null;
}

const BOX = 0.5;
/** Boxes start this far apart (m), so they land and settle before the figures take their reference. */
const DROP = 0.01;
const BOX_SHAPE: ShapeSpec[] = [{ type: 'box', width: BOX, height: BOX, friction: 0.6 }];

function Crate({ world, x, y }: { world: LabWorld; x: number; y: number }) {
  const [, api] = useBody({ position: { x, y }, shapes: BOX_SHAPE });
  useRegistered(world, api);
  return null;
}

function Stack({ world }: { world: LabWorld }) {
  return (
    <>
      <Ground />
      {Array.from({ length: 16 }, (_, i) => (
        <Crate key={i} world={world} x={0} y={BOX / 2 + i * (BOX + DROP)} />
      ))}
    </>
  );
}

function Pyramid({ world }: { world: LabWorld }) {
  const base = 10;
  const crates = [];
  for (let row = 0; row < base; row++) {
    for (let i = 0; i < base - row; i++) {
      const x = (i - (base - row - 1) / 2) * (BOX + 0.02);
      crates.push(<Crate key={`${row}:${i}`} world={world} x={x} y={BOX / 2 + row * (BOX + DROP)} />);
    }
  }
  return (
    <>
      <Ground />
      {crates}
    </>
  );
}

/** Links never collide with each other (one negative group); the ground they may touch. */
const LINK_FILTER = { groupIndex: -1 };

/**
 * Link i of a chain hanging from `pin`, laid out to the right; it renders link i + 1, so
 * each link's joint takes the previous link's api. The last link is the heavy block.
 */
function ChainLink(props: {
  world: LabWorld;
  prev: BodyApi | null;
  i: number;
  count: number;
  pin: Vec2;
  length: number;
}) {
  const { world, prev, i, count, pin, length } = props;
  const last = i === count - 1;
  // a link: 0.05 m², density 1; the block: 0.25 m², density 20 (100 times a link's mass)
  const shapes: ShapeSpec[] = last
    ? [{ type: 'box', width: 0.5, height: 0.5, offset: { x: 0.25, y: 0 }, density: 20, filter: LINK_FILTER }]
    : [
        {
          type: 'box',
          width: length,
          height: 0.1,
          offset: { x: length / 2, y: 0 },
          density: 1,
          filter: LINK_FILTER,
        },
      ];
  const [, api] = useBody({ position: { x: pin.x + i * length, y: pin.y }, shapes });
  useRegistered(world, api);
  const localA = prev === null ? pin : { x: length, y: 0 };
  useJoint('revolute', prev, api, { localAnchorA: localA, localAnchorB: { x: 0, y: 0 } });
  useRegisteredJoint(world, { a: prev, localA, b: api, localB: { x: 0, y: 0 } });
  return last ? null : <ChainLink {...props} prev={api} i={i + 1} />;
}

function Chain({ world }: { world: LabWorld }) {
  return (
    <>
      <Ground />
      <ChainLink world={world} prev={null} i={0} count={13} pin={{ x: -0.25, y: 7.4 }} length={0.5} />
    </>
  );
}

const PLANKS = 16;
const SPAN = 8;
const PLANK = SPAN / PLANKS;

/** Plank i of the bridge; it renders plank i + 1, and the last one pins to the right bank. */
function Plank({ world, prev, i }: { world: LabWorld; prev: BodyApi | null; i: number }) {
  const x = -SPAN / 2 + i * PLANK;
  const [, api] = useBody({
    position: { x, y: 0 },
    shapes: [
      { type: 'box', width: PLANK, height: 0.15, offset: { x: PLANK / 2, y: 0 }, friction: 0.7, density: 2 },
    ],
  });
  useRegistered(world, api);
  const localA = prev === null ? { x, y: 0 } : { x: PLANK, y: 0 };
  useJoint('revolute', prev, api, { localAnchorA: localA, localAnchorB: { x: 0, y: 0 } });
  useRegisteredJoint(world, { a: prev, localA, b: api, localB: { x: 0, y: 0 } });
  if (i < PLANKS - 1) return <Plank world={world} prev={api} i={i + 1} />;
  return <BridgeEnd world={world} last={api} />;
}

function BridgeEnd({ world, last }: { world: LabWorld; last: BodyApi }) {
  const bank = { x: SPAN / 2, y: 0 };
  useJoint('revolute', last, null, { localAnchorA: { x: PLANK, y: 0 }, localAnchorB: bank });
  useRegisteredJoint(world, { a: null, localA: bank, b: last, localB: { x: PLANK, y: 0 } });
  return null;
}

const BANK: ShapeSpec[] = [
  { type: 'box', width: 1, height: 3, offset: { x: -SPAN / 2 - 0.5, y: -1.5 }, friction: 0.7 },
  { type: 'box', width: 1, height: 3, offset: { x: SPAN / 2 + 0.5, y: -1.5 }, friction: 0.7 },
];

function Bridge({ world }: { world: LabWorld }) {
  useBody({ type: 'static', shapes: BANK });
  const load = [];
  for (let i = 0; i < 6; i++) {
    load.push(<Crate key={i} world={world} x={-1.5 + (i % 3) * 0.6} y={0.6 + Math.floor(i / 3) * 0.55} />);
  }
  return (
    <>
      <Plank world={world} prev={null} i={0} />
      {load}
      <Heavy world={world} />
    </>
  );
}

/** A heavy ball dropped on the right half of the deck. */
function Heavy({ world }: { world: LabWorld }) {
  const [, api] = useBody({
    position: { x: 1.8, y: 2.5 },
    shapes: [{ type: 'circle', radius: 0.4, density: 6, friction: 0.5 }],
  });
  useRegistered(world, api);
  return null;
}

export function SetupWorld({ id, world }: { id: SetupId; world: LabWorld }) {
  switch (id) {
    case 'stack':
      return <Stack world={world} />;
    case 'pyramid':
      return <Pyramid world={world} />;
    case 'chain':
      return <Chain world={world} />;
    case 'bridge':
      return <Bridge world={world} />;
  }
}
