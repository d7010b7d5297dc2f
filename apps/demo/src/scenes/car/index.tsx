import {
  type BodyApi,
  type BodyStyleFn,
  type CanvasDrawFn,
  type CanvasViewFn,
  type FramePose,
  type ShapeSpec,
  readFramePose,
  useBody,
  useBodies,
  useJoint,
} from '@impulse/react';
import { useLayoutEffect, useState } from 'react';
import { drawGrid } from '../../ui/canvas_extras';
import { CanvasScene, useSceneHandle, useTrackedBodies, useTrackedBody } from '../../ui/CanvasScene';
import { HoldPad, Keys, Slider } from '../../ui/controls';
import { useHeldKeys } from '../../ui/held_keys';
import { HIGHLIGHT } from '../../ui/palette';
import type { SceneMeta } from '../meta';

export const meta: SceneMeta = {
  id: 'car',
  title: 'Car',
  short: 'Car',
  summary: [
    'Two wheels on wheel joints (useJoint): a soft spring along the suspension axis and a motor that turns the wheel, over hills made of one chain shape.',
    'Drive with the arrow keys (or hold the buttons); soften the suspension and watch the body pitch and bounce.',
  ],
};

const START_X = -20;
const END_X = 260;

/** Terrain height (m) at x: flat start, rolling hills, a few sharp bumps. */
function terrain(x: number): number {
  if (x < -5) return 0;
  const t = x + 5;
  const ramp = Math.min(1, t / 15);
  let y = ramp * (1.6 * Math.sin(t * 0.11) + 0.7 * Math.sin(t * 0.29 + 1) + 0.25 * Math.sin(t * 0.83));
  if (x > 60 && x < 64) y += 0.5 * Math.sin(((x - 60) / 4) * Math.PI);
  if (x > 120) y += (x - 120) * 0.04;
  return y;
}

// the ground: one chain, one-sided, so its points run right to left (solid side up)
const GROUND: ShapeSpec[] = [
  {
    type: 'chain',
    points: Array.from({ length: END_X - START_X + 1 }, (_, i) => ({ x: END_X - i, y: terrain(END_X - i) })),
    friction: 0.9,
  },
];
const WALL: ShapeSpec[] = [{ type: 'box', width: 1, height: 6 }];
const CRATE_X = [14, 14.9, 14.45, 40, 40.9];
const CRATE: ShapeSpec[] = [{ type: 'box', width: 0.8, height: 0.8, density: 0.5, friction: 0.6 }];

const WHEEL_RADIUS = 0.4;
const HALF_WHEELBASE = 1;
/** Heavy enough (12 kg) that the motors' torque does not lift the nose. */
const CHASSIS: ShapeSpec[] = [
  { type: 'box', width: 2.5, height: 0.5, density: 12 / (2.5 * 0.5), friction: 0.6 },
];
const WHEEL: ShapeSpec[] = [{ type: 'circle', radius: WHEEL_RADIUS, density: 5, friction: 0.9 }];

const CHASSIS_TAG = 'chassis';
const style: BodyStyleFn = (body) => (body.userData === CHASSIS_TAG ? { fill: HIGHLIGHT } : null);

/** The motor each wheel gets: negative speed rolls to +x; no input, a light drag on the wheels. */
function motor(drive: number, brake: boolean): { motorSpeed: number; maxMotorTorque: number } {
  if (brake) return { motorSpeed: 0, maxMotorTorque: 60 };
  if (drive !== 0) return { motorSpeed: -30 * drive, maxMotorTorque: 14 };
  return { motorSpeed: 0, maxMotorTorque: 1 };
}

/** One wheel on its wheel joint: the suspension spring along the chassis's y axis, and the motor. */
function Wheel(props: {
  chassis: BodyApi;
  side: -1 | 1;
  hertz: number;
  dampingRatio: number;
  drive: number;
  brake: boolean;
}) {
  const { chassis, side } = props;
  const [, wheel] = useBody({
    position: { x: side * HALF_WHEELBASE, y: terrain(0) + WHEEL_RADIUS },
    shapes: WHEEL,
  });
  useJoint('wheel', chassis, wheel, {
    localAnchorA: { x: side * HALF_WHEELBASE, y: -0.5 },
    localAnchorB: { x: 0, y: 0 },
    localAxisA: { x: 0, y: 1 },
    enableSpring: true,
    hertz: props.hertz,
    dampingRatio: props.dampingRatio,
    enableMotor: true,
    // a new motor setting reaches the world by setJointParams, which wakes the car
    ...motor(props.drive, props.brake),
  });
  return null;
}

function CarBody(props: {
  hertz: number;
  dampingRatio: number;
  drive: number;
  brake: boolean;
  chassisOut: { current: BodyApi | null };
}) {
  const [, chassis] = useBody({
    position: { x: 0, y: terrain(0) + WHEEL_RADIUS + 0.5 },
    shapes: CHASSIS,
    userData: CHASSIS_TAG,
  });
  props.chassisOut.current = chassis;
  const scene = useSceneHandle();
  useTrackedBody(chassis);
  useLayoutEffect(() => {
    if (scene) scene.testApi = chassis;
  }, [scene, chassis]);
  return (
    <>
      {([-1, 1] as const).map((side) => (
        <Wheel
          key={side}
          chassis={chassis}
          side={side}
          hertz={props.hertz}
          dampingRatio={props.dampingRatio}
          drive={props.drive}
          brake={props.brake}
        />
      ))}
    </>
  );
}

function Course() {
  useBody({ type: 'static', shapes: GROUND });
  useBody({ type: 'static', position: { x: START_X - 0.5, y: 3 }, shapes: WALL });
  // crates to knock over (the middle one of the first three sits on the other two)
  const crates = useBodies(CRATE_X.length, (i) => {
    const x = CRATE_X[i]!;
    return { position: { x, y: terrain(x) + (i === 2 ? 1.3 : 0.4) + 0.05 }, shapes: CRATE };
  });
  useTrackedBodies(crates.apis);
  return null;
}

/**
 * The camera: eases toward the chassis every drawn frame. A phone gets a closer camera, so
 * the car stays a readable size.
 */
function followCamera(chassis: { current: BodyApi | null }): CanvasViewFn {
  const cam = { x: 0, y: 2 };
  const pose: FramePose = { x: 0, y: 0, angle: 0 };
  const box = { x0: 0, x1: 0, y0: 0, y1: 0 };
  return (frame, camera) => {
    const car = chassis.current;
    if (car && readFramePose(frame, car, pose)) {
      cam.x += 0.08 * (pose.x - cam.x);
      cam.y += 0.08 * (pose.y - cam.y);
    }
    const halfWidth = Math.min(9, Math.max(4.5, camera.width / 80));
    box.x0 = cam.x - halfWidth;
    box.x1 = cam.x + halfWidth;
    box.y0 = cam.y - 3;
    box.y1 = cam.y + 5;
    return box;
  };
}

/** The ground under the chain, filled (the chain itself is a line), and the grid. */
const drawGround: CanvasDrawFn = (ctx, camera) => {
  drawGrid(ctx, camera);
  const left = Math.max(START_X, Math.floor(camera.toWorldX(0) - 1));
  const right = Math.min(END_X, Math.ceil(camera.toWorldX(camera.width) + 1));
  ctx.beginPath();
  ctx.moveTo(camera.toScreenX(left), camera.height);
  for (let x = left; x <= right; x++) ctx.lineTo(camera.toScreenX(x), camera.toScreenY(terrain(x)));
  ctx.lineTo(camera.toScreenX(right), camera.height);
  ctx.closePath();
  ctx.fillStyle = '#1a2332';
  ctx.fill();
  // the chain's line again, over the fill
  ctx.beginPath();
  for (let x = left; x <= right; x++) {
    if (x === left) ctx.moveTo(camera.toScreenX(x), camera.toScreenY(terrain(x)));
    else ctx.lineTo(camera.toScreenX(x), camera.toScreenY(terrain(x)));
  }
  ctx.strokeStyle = '#475569';
  ctx.lineWidth = 2;
  ctx.stroke();
};

const KEYS = {
  ArrowLeft: 'left',
  KeyA: 'left',
  ArrowRight: 'right',
  KeyD: 'right',
  Space: 'brake',
  ArrowDown: 'brake',
  KeyS: 'brake',
} as const satisfies Record<string, 'left' | 'right' | 'brake'>;

export default function Car() {
  const [hertz, setHertz] = useState(4);
  const [zeta, setZeta] = useState(0.7);
  const { held, hold } = useHeldKeys<'left' | 'right' | 'brake'>(KEYS);
  const drive = (held.right ? 1 : 0) - (held.left ? 1 : 0);
  const [chassis] = useState<{ current: BodyApi | null }>({ current: null });
  const [view, setView] = useState(() => followCamera(chassis));
  return (
    <CanvasScene
      meta={meta}
      view={view}
      bodyStyle={style}
      onDraw={drawGround}
      // a new camera with each reset: it starts at the car again
      onReset={() => setView(() => followCamera(chassis))}
      controls={
        <>
          <Keys>
            <kbd>←</kbd> <kbd>→</kbd> or <kbd>A</kbd> <kbd>D</kbd> drive · <kbd>Space</kbd> brake
          </Keys>
          <HoldPad
            buttons={[
              { key: 'left', label: '◀ Back' },
              { key: 'brake', label: 'Brake' },
              { key: 'right', label: 'Drive ▶', primary: true },
            ]}
            onHold={hold}
          />
          <Slider
            label="Suspension stiffness"
            value={hertz}
            min={0.5}
            max={15}
            step={0.5}
            format={(v) => `${v.toFixed(1)} Hz`}
            onChange={setHertz}
          />
          <Slider
            label="Suspension damping"
            value={zeta}
            min={0}
            max={2}
            step={0.05}
            format={(v) => v.toFixed(2)}
            onChange={setZeta}
          />
        </>
      }
    >
      <Course />
      <CarBody hertz={hertz} dampingRatio={zeta} drive={drive} brake={held.brake} chassisOut={chassis} />
    </CanvasScene>
  );
}
