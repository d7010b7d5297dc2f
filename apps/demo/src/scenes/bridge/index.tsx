import {
  type BodyApi,
  type BodyOptions,
  Joint,
  type ShapeSpec,
  useBodies,
  useBody,
  useJoint,
} from '@impulse/react';
import { useCallback, useLayoutEffect, useState } from 'react';
import { drawGrid } from '../../ui/canvas_extras';
import { CanvasScene, useSceneHandle, useTrackedBodies, useTrackedBody } from '../../ui/CanvasScene';
import { Button, Slider, Toggle } from '../../ui/controls';
import type { SceneMeta } from '../meta';

export const meta: SceneMeta = {
  id: 'bridge',
  title: 'Bridge and ragdolls',
  short: 'Bridge & ragdolls',
  summary: [
    'A rope bridge of 30 planks on revolute joints (<Joint>), ragdolls with joint limits and friction motors, and a motor-driven paddle wheel.',
    'Lower the break force and drop a crate: overloaded joints snap and stay broken.',
  ],
};

const PLANKS = 30;
const PLANK = 0.8;
/** Distance between the end pivots: a little less than the deck, so it sags. */
const SPAN = 23;
const DECK_Y = 7;
/** Where a dropped ragdoll's feet start: clear of the deck. */
const RAGDOLL_DROP_Y = DECK_Y + 3;
/** The slider's top: joints that never break. */
const BREAK_MAX = 2000;
/** The paddle wheel's axle and its paddles' length. */
const WHEEL = { x: 17, y: 4 };
const PADDLE = 4.4;
/**
 * From the left pier's outer face to the paddles' reach, half a metre to spare: no wider,
 * so the stage's width (a phone's, and the desktop's too) is spent on the scene. Up to a
 * dropped ragdoll's feet and a metre and a half over: a phone's stage is as tall as this box
 * (ui/stage_fit.ts), and a drop falls in through the band kept above it for the stats.
 */
const VIEW = { x0: -0.5 * SPAN - 2.5, x1: WHEEL.x + 0.5 * PADDLE + 0.5, y0: -0.5, y1: RAGDOLL_DROP_Y + 1.5 };

const GROUND: ShapeSpec[] = [{ type: 'box', width: 80, height: 2, offset: { x: 0, y: -1 } }];
const pier = (side: -1 | 1): ShapeSpec[] => [
  { type: 'box', width: 2, height: DECK_Y, offset: { x: side, y: -DECK_Y / 2 } },
];
const LEFT_PIER = pier(-1);
const RIGHT_PIER = pier(1);
const PLANK_SHAPES: ShapeSpec[] = [{ type: 'box', width: PLANK, height: 0.2, density: 2, friction: 0.7 }];
const PADDLES: ShapeSpec[] = [
  { type: 'box', width: PADDLE, height: 0.3, density: 2 },
  { type: 'box', width: 0.3, height: PADDLE, density: 2 },
];
const BALL: ShapeSpec[] = [{ type: 'circle', radius: 0.35, density: 1, friction: 0.4 }];
const CRATE: ShapeSpec[] = [{ type: 'box', width: 1.6, height: 1.6, density: 6, friction: 0.6 }];

/**
 * Plank i of the deck: laid out as a shallow V (the deck is longer than the span, so it
 * hangs and sags), each plank's left end on the previous one's right end.
 */
function plank(i: number): BodyOptions {
  const cos = SPAN / (PLANKS * PLANK);
  const sin = Math.sqrt(1 - cos * cos);
  const half = PLANKS / 2;
  // the left end of plank i: down for the first half, back up for the second
  const down = Math.min(i, half);
  const up = Math.max(0, i - half);
  const x = -0.5 * SPAN + i * PLANK * cos;
  const y = DECK_Y - PLANK * sin * (down - up);
  const dy = i < half ? -sin : sin;
  return {
    position: { x: x + 0.5 * PLANK * cos, y: y + 0.5 * PLANK * dy },
    angle: Math.atan2(dy, cos),
    shapes: PLANK_SHAPES,
  };
}

/** The deck: planks pinned end to end between the piers; every pin breaks over `breakForce`. */
function Deck(props: { left: BodyApi; right: BodyApi; breakForce: number; onBreak: () => void }) {
  const planks = useBodies(PLANKS, plank);
  useTrackedBodies(planks.apis);
  const pin = { breakForce: props.breakForce, onBreak: props.onBreak };
  const ends = [props.left, ...planks.apis, props.right];
  return (
    <>
      {ends.slice(1).map((b, i) => (
        <Joint
          key={i}
          kind="revolute"
          bodyA={ends[i]!}
          bodyB={b}
          localAnchorA={{ x: i === 0 ? 0 : 0.5 * PLANK, y: 0 }}
          localAnchorB={{ x: i === PLANKS ? 0 : -0.5 * PLANK, y: 0 }}
          {...pin}
        />
      ))}
    </>
  );
}

/** A ragdoll's parts: height of the center above the feet, capsule half length and radius (1.7 m tall at scale 1). */
const PARTS = [
  ['torso', 1.15, 0.2, 0.12],
  ['head', 1.6, 0, 0.11],
  ['upperArmL', 1.2, 0.12, 0.045],
  ['lowerArmL', 0.93, 0.12, 0.04],
  ['upperArmR', 1.2, 0.12, 0.045],
  ['lowerArmR', 0.93, 0.12, 0.04],
  ['upperLegL', 0.7, 0.15, 0.065],
  ['lowerLegL', 0.3, 0.17, 0.055],
  ['upperLegR', 0.7, 0.15, 0.065],
  ['lowerLegR', 0.3, 0.17, 0.055],
] as const;
/** Its hinges: parts joined, the pivot's height, and the angle limits (in turns of π). */
const HINGES = [
  [0, 1, 1.48, -0.25, 0.15], // neck
  [0, 2, 1.35, -0.1, 0.8], // shoulders
  [2, 3, 1.065, 0, 0.6], // elbows
  [0, 4, 1.35, -0.8, 0.1],
  [4, 5, 1.065, -0.6, 0],
  [0, 6, 0.88, -0.1, 0.5], // hips
  [6, 7, 0.5, -0.5, 0], // knees
  [0, 8, 0.88, -0.5, 0.1],
  [8, 9, 0.5, 0, 0.5],
] as const;
const RAGDOLL_SCALE = 1.4;

/**
 * A ragdoll standing upright at its feet's point: capsules and a circle on revolute
 * joints with angle limits. Its parts share a negative filter group, so limbs pass through
 * each other and collide with everything else. Joint friction is a motor of speed 0 and a
 * small torque; both it and the limits change live.
 */
function Ragdoll(props: {
  x: number;
  y: number;
  group: number;
  friction: number;
  limits: boolean;
  /** The browser test drags this ragdoll's torso. */
  offered: boolean;
}) {
  const s = RAGDOLL_SCALE;
  const filter = { groupIndex: -props.group };
  const parts = useBodies(PARTS.length, (i) => {
    const [, y, half, radius] = PARTS[i]!;
    const shape: ShapeSpec =
      half === 0
        ? { type: 'circle', radius: radius * s }
        : {
            type: 'capsule',
            center1: { x: 0, y: -half * s },
            center2: { x: 0, y: half * s },
            radius: radius * s,
          };
    return {
      position: { x: props.x, y: props.y + y * s },
      shapes: [{ ...shape, density: 1, friction: 0.6, filter }],
    };
  });
  useTrackedBodies(parts.apis);
  const scene = useSceneHandle();
  const { offered } = props;
  useLayoutEffect(() => {
    if (scene && offered) scene.testApi = parts.apis[0]!;
  }, [scene, offered, parts]);
  const torque = props.friction * s;
  return (
    <>
      {HINGES.map(([a, b, pivot, lower, upper]) => (
        <Joint
          key={`${a}-${b}`}
          kind="revolute"
          bodyA={parts.apis[a]!}
          bodyB={parts.apis[b]!}
          localAnchorA={{ x: 0, y: (pivot - PARTS[a]![1]) * s }}
          localAnchorB={{ x: 0, y: (pivot - PARTS[b]![1]) * s }}
          enableLimit={props.limits}
          lowerAngle={lower * Math.PI}
          upperAngle={upper * Math.PI}
          enableMotor={torque > 0}
          motorSpeed={0}
          maxMotorTorque={torque}
        />
      ))}
    </>
  );
}

/** A paddle wheel on a motor (a revolute joint to the world), churning a few balls. */
function PaddleWheel({ speed }: { speed: number }) {
  const [, wheel] = useBody({ position: WHEEL, shapes: PADDLES });
  useJoint('revolute', null, wheel, {
    localAnchorA: WHEEL,
    enableMotor: true,
    motorSpeed: speed,
    maxMotorTorque: 800,
  });
  const balls = useBodies(6, (i) => ({
    position: { x: 15.5 + (i % 3) * 1.2, y: 1 + Math.floor(i / 3) },
    shapes: BALL,
  }));
  useTrackedBodies(balls.apis);
  useTrackedBody(wheel);
  return null;
}

function Crate({ x }: { x: number }) {
  const [, crate] = useBody({ position: { x, y: DECK_Y + 4 }, angle: 0.2, shapes: CRATE });
  useTrackedBody(crate);
  return null;
}

function BridgeWorld(props: {
  breakForce: number;
  friction: number;
  limits: boolean;
  motor: number;
  drops: readonly Drop[];
  onBreak: () => void;
}) {
  useBody({ type: 'static', shapes: GROUND });
  const [, left] = useBody({ type: 'static', position: { x: -0.5 * SPAN, y: DECK_Y }, shapes: LEFT_PIER });
  const [, right] = useBody({ type: 'static', position: { x: 0.5 * SPAN, y: DECK_Y }, shapes: RIGHT_PIER });
  const ragdolls = props.drops.filter((d) => d.kind === 'ragdoll');
  const last = ragdolls[ragdolls.length - 1];
  return (
    <>
      <Deck left={left} right={right} breakForce={props.breakForce} onBreak={props.onBreak} />
      <PaddleWheel speed={props.motor} />
      {props.drops.map((d) =>
        d.kind === 'crate' ? (
          <Crate key={d.n} x={-6 + ((d.n * 3.7) % 12)} />
        ) : (
          <Ragdoll
            key={d.n}
            x={-8 + ((d.n * 5.3) % 16)}
            y={RAGDOLL_DROP_Y}
            group={d.n + 1}
            friction={props.friction}
            limits={props.limits}
            offered={d === last}
          />
        ),
      )}
    </>
  );
}

/** Something dropped onto the deck; `n` counts the drops (it places them and keys them). */
interface Drop {
  kind: 'ragdoll' | 'crate';
  n: number;
}

const FIRST_DROPS: readonly Drop[] = [
  { kind: 'ragdoll', n: 0 },
  { kind: 'ragdoll', n: 1 },
];

export default function BridgeAndRagdolls() {
  const [breakForce, setBreakForce] = useState(BREAK_MAX);
  const [friction, setFriction] = useState(1);
  const [limits, setLimits] = useState(true);
  const [motor, setMotor] = useState(-1.5);
  const [drops, setDrops] = useState(FIRST_DROPS);
  const [broken, setBroken] = useState(0);
  const drop = (kind: Drop['kind']) => setDrops((list) => [...list, { kind, n: list.length }]);
  const onBreak = useCallback(() => setBroken((n) => n + 1), []);
  return (
    <CanvasScene
      meta={meta}
      view={VIEW}
      onDraw={drawGrid}
      note={`broken joints: ${broken}`}
      onReset={() => {
        setDrops(FIRST_DROPS);
        setBroken(0);
      }}
      controls={
        <>
          <Button kind="primary" onClick={() => drop('ragdoll')}>
            Drop a ragdoll
          </Button>
          <Button onClick={() => drop('crate')}>Drop a 15 kg crate</Button>
          <Slider
            label="Bridge break force"
            value={breakForce}
            min={400}
            max={BREAK_MAX}
            step={50}
            format={(v) => (v >= BREAK_MAX ? 'unbreakable' : `${v} N`)}
            onChange={setBreakForce}
            hint="A joint pulled harder than this snaps; changed live on every pin. Reset mends the deck."
          />
          <Slider
            label="Ragdoll joint friction"
            value={friction}
            min={0}
            max={20}
            step={0.5}
            format={(v) => `${v.toFixed(1)} N·m`}
            onChange={setFriction}
            hint="A motor with speed 0 and this torque: limp at 0, stiff when high."
          />
          <Toggle
            label="Joint limits"
            checked={limits}
            onChange={setLimits}
            hint="Elbows, knees and neck stay human."
          />
          <Slider
            label="Paddle wheel motor"
            value={motor}
            min={-6}
            max={6}
            step={0.25}
            format={(v) => `${v.toFixed(2)} rad/s`}
            onChange={setMotor}
          />
        </>
      }
    >
      <BridgeWorld
        breakForce={breakForce >= BREAK_MAX ? Number.POSITIVE_INFINITY : breakForce}
        friction={friction}
        limits={limits}
        motor={motor}
        drops={drops}
        onBreak={onBreak}
      />
    </CanvasScene>
  );
}
