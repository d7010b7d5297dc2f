import {
  type BodyId,
  BodyType,
  type JointId,
  makeBox,
  type SpringDamping,
  springFromResponse,
} from '@impulse/core';
import { addGround } from '@impulse/core/scenes';
import { useEffect, useRef, useState } from 'react';
import { HIGHLIGHT, type Sim } from '../../sim/sim';
import { useSim } from '../../sim/useSim';
import { Button, Segmented, Slider } from '../../ui/controls';
import { SceneFrame } from '../../ui/SceneFrame';
import type { SceneMeta } from '../meta';

export const meta: SceneMeta = {
  id: 'soft',
  title: 'Soft constraints',
  short: 'Soft constraints',
  summary: [
    'Springs are tuned by frequency (Hz) and damping ratio, or by "settle in N frames", and solved implicitly: stable at any stiffness.',
    'The right spring is the naive one (F = -kx - cv applied each frame) with the same k and c: push past ~20 Hz and it blows up.',
  ],
};

const CEILING = 12;
const REST = 4;
const COLUMNS = { soft: -7, response: 0, naive: 7 } as const;
const BOB_HALF = 0.5;

interface Rig {
  soft: { body: BodyId; joint: JointId };
  response: { body: BodyId; joint: JointId };
  naive: { body: BodyId };
  blowUps: number;
  naiveHz: number;
  naiveZeta: number;
}

function build(sim: Sim): Rig {
  const w = sim.world;
  addGround(sim.asWorld(), 30);
  const ceiling = w.createBody({ position: { x: 0, y: CEILING + 0.25 } });
  w.createPolygonShape(ceiling, makeBox(10, 0.25));
  const bob = (x: number, color: string) => {
    const body = w.createBody({
      type: BodyType.Dynamic,
      position: { x, y: CEILING - REST - BOB_HALF },
      enableSleep: false,
    });
    w.createPolygonShape(body, makeBox(BOB_HALF, BOB_HALF), { density: 1 }); // 1 kg
    sim.setBodyColor(body, color);
    return body;
  };
  const spring = (body: BodyId, x: number) =>
    w.createDistanceJoint({
      bodyA: ceiling,
      bodyB: body,
      localAnchorA: { x, y: -0.25 },
      localAnchorB: { x: 0, y: BOB_HALF },
      length: REST,
      enableSpring: true,
      hertz: 4,
      dampingRatio: 0.3,
    });
  const softBody = bob(COLUMNS.soft, '#34d399');
  const responseBody = bob(COLUMNS.response, '#60a5fa');
  const naiveBody = bob(COLUMNS.naive, HIGHLIGHT);
  w.setBodyFixedRotation(naiveBody, true);
  sim.testBody = responseBody;
  return {
    soft: { body: softBody, joint: spring(softBody, COLUMNS.soft) },
    response: { body: responseBody, joint: spring(responseBody, COLUMNS.response) },
    naive: { body: naiveBody },
    blowUps: 0,
    naiveHz: 4,
    naiveZeta: 0.3,
  };
}

/**
 * The naive spring: an explicit force from the positions of the last frame, held for the
 * whole next step. Stable only while omega * dt < 2 (about 19 Hz at 60 steps a second).
 */
function naiveSpring(sim: Sim, rig: Rig): void {
  const c = sim.client;
  const body = rig.naive.body;
  const p = c.getBodyPosition(body);
  const v = c.getBodyLinearVelocity(body);
  const ax = COLUMNS.naive;
  const ay = CEILING;
  const dx = p.x - ax;
  const dy = p.y + BOB_HALF - ay;
  const len = Math.hypot(dx, dy);
  const speed = Math.hypot(v.x, v.y);
  if (!Number.isFinite(len) || len > 30 || speed > 80) {
    // it blew up: put it back and count
    rig.blowUps++;
    sim.note = `naive spring blew up ×${rig.blowUps}`;
    c.setBodyTransform(body, { x: ax, y: CEILING - REST - BOB_HALF }, 0);
    c.setBodyLinearVelocity(body, { x: 0, y: 0 });
    return;
  }
  if (len < 1e-6) return;
  const ux = dx / len;
  const uy = dy / len;
  const mass = 1;
  const omega = 2 * Math.PI * rig.naiveHz;
  const k = mass * omega * omega;
  const damping = 2 * mass * rig.naiveZeta * omega;
  const f = -k * (len - REST) - damping * (v.x * ux + v.y * uy);
  c.applyBodyForceToCenter(body, { x: f * ux, y: f * uy });
}

function drawSprings(ctx: CanvasRenderingContext2D, sim: Sim, rig: Rig): void {
  const c = sim.client;
  const line = (x: number, body: BodyId, color: string, label: string, sub: string) => {
    const p = c.getBodyPosition(body);
    const x0 = sim.toScreenX(x);
    const y0 = sim.toScreenY(CEILING);
    const x1 = sim.toScreenX(p.x);
    const y1 = sim.toScreenY(p.y + BOB_HALF);
    const coils = 12;
    const amp = Math.max(4, 0.18 * sim.scale);
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len = Math.hypot(dx, dy) || 1;
    const nx = -dy / len;
    const ny = dx / len;
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    for (let i = 1; i < 2 * coils; i++) {
      const t = i / (2 * coils);
      const side = i % 2 === 0 ? -1 : 1;
      ctx.lineTo(x0 + dx * t + nx * amp * side, y0 + dy * t + ny * amp * side);
    }
    ctx.lineTo(x1, y1);
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.stroke();
    // on a narrow stage the columns are close: shorter labels in a smaller font
    const narrow = 7 * sim.scale < 150;
    ctx.fillStyle = '#e5e7eb';
    ctx.font = narrow ? '600 11px system-ui, sans-serif' : '600 13px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText(
      narrow ? label.split(' ')[0]! : label,
      x0,
      sim.toScreenY(CEILING + 0.5) - (narrow ? 20 : 26),
    );
    ctx.fillStyle = '#94a3b8';
    ctx.font = narrow ? '10px system-ui, sans-serif' : '12px system-ui, sans-serif';
    ctx.fillText(narrow ? sub.split(',')[0]! : sub, x0, sim.toScreenY(CEILING + 0.5) - (narrow ? 7 : 9));
  };
  line(
    COLUMNS.soft,
    rig.soft.body,
    '#34d399',
    'Soft spring',
    `${rig.naiveHz.toFixed(1)} Hz, ζ ${rig.naiveZeta.toFixed(2)}`,
  );
  const params = c.getJointParams(rig.response.joint) as { hertz: number; dampingRatio: number };
  line(
    COLUMNS.response,
    rig.response.body,
    '#60a5fa',
    'Tuned by response',
    `${params.hertz.toFixed(1)} Hz, ζ ${params.dampingRatio.toFixed(2)}`,
  );
  line(
    COLUMNS.naive,
    rig.naive.body,
    HIGHLIGHT,
    'Naive stiff spring',
    rig.blowUps > 0 ? `blew up ×${rig.blowUps}` : 'same k and c, explicit',
  );
  ctx.textAlign = 'start';
}

export default function SoftConstraints() {
  const [reset, setReset] = useState(0);
  const [hertz, setHertz] = useState(4);
  const [zeta, setZeta] = useState(0.3);
  const [frames, setFrames] = useState(20);
  const [bounce, setBounce] = useState<SpringDamping>('some');
  const rig = useRef<Rig | null>(null);
  const sim = useSim(
    { view: { x0: -11, x1: 11, y0: -0.5, y1: 14 } },
    (s) => {
      const r = build(s);
      rig.current = r;
      const offFrame = s.onFrame(() => naiveSpring(s, r));
      const offDraw = s.onDraw((ctx) => drawSprings(ctx, s, r));
      return () => {
        offFrame();
        offDraw();
      };
    },
    reset,
  );

  useEffect(() => {
    const r = rig.current;
    if (!sim || !r) return;
    sim.client.setJointParams(r.soft.joint, { hertz, dampingRatio: zeta });
    r.naiveHz = hertz;
    r.naiveZeta = zeta;
    sim.client.setBodyAwake(r.soft.body, true);
  }, [sim, hertz, zeta]);

  useEffect(() => {
    const r = rig.current;
    if (!sim || !r) return;
    const tuning = springFromResponse({ frames, stepRate: 60, damping: bounce });
    sim.client.setJointParams(r.response.joint, tuning);
    sim.client.setBodyAwake(r.response.body, true);
  }, [sim, frames, bounce]);

  const pull = () => {
    const r = rig.current;
    if (!sim || !r) return;
    for (const body of [r.soft.body, r.response.body, r.naive.body]) {
      sim.client.applyBodyLinearImpulseToCenter(body, { x: 0, y: -6 });
    }
  };

  return (
    <SceneFrame
      meta={meta}
      sim={sim}
      onReset={() => setReset((n) => n + 1)}
      controls={
        <>
          <h2>Soft and naive springs</h2>
          <Slider
            label="Stiffness"
            value={hertz}
            min={0.5}
            max={60}
            step={0.5}
            format={(v) => `${v.toFixed(1)} Hz`}
            onChange={setHertz}
            hint="Natural frequency. The naive spring gets k = m (2πf)²."
          />
          <Slider
            label="Damping ratio"
            value={zeta}
            min={0}
            max={2}
            step={0.05}
            format={(v) => v.toFixed(2)}
            onChange={setZeta}
            hint="0 rings for ever, 1 is critical, above 1 creeps."
          />
          <Button kind="primary" onClick={() => setHertz(30)}>
            Make it stiff: 30 Hz
          </Button>
          <h2>Tuned by response</h2>
          <Slider
            label="Settles in"
            value={frames}
            min={2}
            max={90}
            format={(v) => `${v} frames`}
            onChange={setFrames}
          />
          <Segmented
            label="Bounce"
            value={bounce}
            options={[
              { value: 'free', label: 'Free' },
              { value: 'some', label: 'Some' },
              { value: 'none', label: 'None' },
            ]}
            onChange={setBounce}
          />
          <Button onClick={pull}>Pull all three down</Button>
        </>
      }
    />
  );
}
