import { type BodyId, BodyType, type JointId, makeBox } from '@impulse/core';
import { carScene } from '@impulse/core/scenes';
import { useEffect, useRef, useState } from 'react';
import { HIGHLIGHT, type Sim } from '../../sim/sim';
import { useSim } from '../../sim/useSim';
import { HoldPad, Keys, Slider } from '../../ui/controls';
import { SceneFrame } from '../../ui/SceneFrame';
import type { SceneMeta } from '../meta';

export const meta: SceneMeta = {
  id: 'car',
  title: 'Car',
  short: 'Car',
  summary: [
    'Two wheels on wheel joints: a soft spring along the suspension axis and a motor that turns the wheel, over hills made of one chain shape.',
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

interface Rig {
  chassis: BodyId;
  joints: JointId[];
  input: { drive: number; brake: boolean };
  sent: string;
  camX: number;
  camY: number;
}

function build(sim: Sim, hertz: number, dampingRatio: number): Rig {
  const w = sim.world;
  // the ground: one chain; one-sided, so its points run right to left (solid side up)
  const ground = w.createBody();
  const points = [];
  for (let x = END_X; x >= START_X; x -= 1) points.push({ x, y: terrain(x) });
  w.createChain(ground, { points, friction: 0.9 });
  const wall = w.createBody({ position: { x: START_X - 0.5, y: 3 } });
  w.createPolygonShape(wall, makeBox(0.5, 3));
  // crates to knock over
  for (const x of [14, 14.9, 14.45, 40, 40.9]) {
    const y = terrain(x) + (x === 14.45 ? 1.3 : 0.4) + 0.05;
    const crate = w.createBody({ type: BodyType.Dynamic, position: { x, y } });
    w.createPolygonShape(crate, makeBox(0.4, 0.4), { density: 0.5, friction: 0.6 });
  }
  const car = carScene(sim.asWorld(), {
    origin: { x: 0, y: terrain(0) },
    ground: false,
    // heavy enough that the motors' torque does not lift the nose
    chassisMass: 12,
    hertz,
    dampingRatio,
    enableMotor: true,
    maxMotorTorque: 2,
    motorSpeed: 0,
  });
  sim.setBodyColor(car.chassis, HIGHLIGHT);
  sim.testBody = car.chassis;
  return {
    chassis: car.chassis,
    joints: car.joints,
    input: { drive: 0, brake: false },
    sent: '',
    camX: 0,
    camY: 2,
  };
}

/** Sends the motor settings when the input changed; moves the camera along with the car. */
function frame(sim: Sim, rig: Rig): void {
  const { drive, brake } = rig.input;
  const key = `${drive}:${brake}`;
  if (key !== rig.sent) {
    rig.sent = key;
    // negative speed rolls to +x; no input: a light drag on the wheels
    const params = brake
      ? { motorSpeed: 0, maxMotorTorque: 60 }
      : drive !== 0
        ? { motorSpeed: -30 * drive, maxMotorTorque: 14 }
        : { motorSpeed: 0, maxMotorTorque: 1 };
    for (const j of rig.joints) sim.client.setJointParams(j, params);
    sim.client.setBodyAwake(rig.chassis, true);
  }
  const p = sim.client.getBodyPosition(rig.chassis);
  rig.camX += 0.08 * (p.x - rig.camX);
  rig.camY += 0.08 * (p.y - rig.camY);
  // a phone gets a closer camera: the car stays a readable size
  const halfWidth = Math.min(9, Math.max(4.5, sim.width / 80));
  sim.setView({ x0: rig.camX - halfWidth, x1: rig.camX + halfWidth, y0: rig.camY - 3, y1: rig.camY + 5 });
}

const KEYS: Record<string, 'left' | 'right' | 'brake'> = {
  ArrowLeft: 'left',
  KeyA: 'left',
  ArrowRight: 'right',
  KeyD: 'right',
  Space: 'brake',
  ArrowDown: 'brake',
  KeyS: 'brake',
};

export default function Car() {
  const [reset, setReset] = useState(0);
  const [hertz, setHertz] = useState(4);
  const [zeta, setZeta] = useState(0.7);
  const rig = useRef<Rig | null>(null);
  const held = useRef({ left: false, right: false, brake: false });
  const sim = useSim(
    { view: { x0: -9, x1: 9, y0: -2, y1: 6 } },
    (s) => {
      const r = build(s, hertz, zeta);
      rig.current = r;
      const offFrame = s.onFrame(() => frame(s, r));
      // the ground under the chain, filled (the chain itself is a line)
      const offDraw = s.onDraw((ctx) => {
        const left = s.toWorld(0, 0).x - 1;
        const right = s.toWorld(ctx.canvas.width, 0).x + 1;
        const bottom = ctx.canvas.height;
        ctx.beginPath();
        ctx.moveTo(s.toScreenX(Math.max(START_X, Math.floor(left))), bottom);
        for (let x = Math.max(START_X, Math.floor(left)); x <= Math.min(END_X, Math.ceil(right)); x++) {
          ctx.lineTo(s.toScreenX(x), s.toScreenY(terrain(x)));
        }
        ctx.lineTo(s.toScreenX(Math.min(END_X, Math.ceil(right))), bottom);
        ctx.closePath();
        ctx.fillStyle = '#1a2332';
        ctx.fill();
      }, true);
      return () => {
        offFrame();
        offDraw();
      };
    },
    reset,
  );

  useEffect(() => {
    const apply = () => {
      const r = rig.current;
      if (!r) return;
      const h = held.current;
      r.input.drive = (h.right ? 1 : 0) - (h.left ? 1 : 0);
      r.input.brake = h.brake;
    };
    const down = (e: KeyboardEvent) => {
      const k = KEYS[e.code];
      // leave typing in text fields alone
      if (!k || (e.target instanceof HTMLInputElement && e.target.type !== 'range')) return;
      e.preventDefault();
      held.current[k] = true;
      apply();
    };
    const up = (e: KeyboardEvent) => {
      const k = KEYS[e.code];
      if (!k) return;
      held.current[k] = false;
      apply();
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

  useEffect(() => {
    const r = rig.current;
    if (!sim || !r) return;
    for (const j of r.joints) sim.client.setJointParams(j, { hertz, dampingRatio: zeta });
    sim.client.setBodyAwake(r.chassis, true);
  }, [sim, hertz, zeta]);

  const hold = (k: 'left' | 'right' | 'brake', down: boolean) => {
    held.current[k] = down;
    const r = rig.current;
    if (r) {
      r.input.drive = (held.current.right ? 1 : 0) - (held.current.left ? 1 : 0);
      r.input.brake = held.current.brake;
    }
  };

  return (
    <SceneFrame
      meta={meta}
      sim={sim}
      onReset={() => setReset((n) => n + 1)}
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
    />
  );
}
