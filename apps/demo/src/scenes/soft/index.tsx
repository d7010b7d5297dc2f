import {
  type BodyApi,
  BodyRecord,
  type BodyOptions,
  type BodyStyleFn,
  type CanvasDrawFn,
  type SoftConstraintApi,
  useBody,
  usePhysicsFrame,
  useSoftConstraint,
} from '@impulse/react';
import { useLayoutEffect, useState } from 'react';
import { bodyIds } from '../../ui/body_ids';
import { CanvasScene, sceneRenders, useSceneHandle } from '../../ui/CanvasScene';
import { Button, Segmented, Slider } from '../../ui/controls';
import { HIGHLIGHT } from '../../ui/palette';
import type { SceneMeta } from '../meta';
import { drawSpring } from './spring_drawing';

export const meta: SceneMeta = {
  id: 'soft',
  title: 'Soft constraints',
  short: 'Soft constraints',
  summary: [
    'Springs are tuned by frequency (Hz) and damping ratio, or by "settle in N frames", and solved implicitly: stable at any stiffness.',
    'The right spring is the naive one (F = -kx - cv applied each frame) with the same k and c: push past ~20 Hz and it blows up.',
  ],
};

type Bounce = 'free' | 'some' | 'none';

const VIEW = { x0: -11, x1: 11, y0: -0.5, y1: 14 };
const CEILING = 12;
const REST = 4;
const BOB_HALF = 0.5;
const COLUMNS = { soft: -7, response: 0, naive: 7 } as const;
const COLORS = { soft: '#34d399', response: '#60a5fa', naive: HIGHLIGHT } as const;
type Column = keyof typeof COLUMNS;

const GROUND: BodyOptions = {
  type: 'static',
  position: { x: 0, y: -1 },
  shapes: [{ type: 'box', width: 60, height: 2 }],
};
const CEILING_BODY: BodyOptions = {
  type: 'static',
  position: { x: 0, y: CEILING + 0.25 },
  shapes: [{ type: 'box', width: 20, height: 0.5 }],
};

/** A 1 kg bob hanging REST metres below the ceiling in its column; it never sleeps (the springs are the show). */
function bob(column: Column): BodyOptions {
  return {
    position: { x: COLUMNS[column], y: CEILING - REST - BOB_HALF },
    shapes: [{ type: 'box', width: 2 * BOB_HALF, height: 2 * BOB_HALF, density: 1 }],
    enableSleep: false,
    fixedRotation: column === 'naive',
    userData: column,
  };
}

const style: BodyStyleFn = (body) =>
  typeof body.userData === 'string' && body.userData in COLORS
    ? { fill: COLORS[body.userData as Column], stroke: 'rgba(255,255,255,0.7)' }
    : null;

/** Where each spring hangs from: the ceiling's underside above the bob's column, and the bob's top. */
function anchors(column: Column) {
  return { anchorA: { x: COLUMNS[column], y: -0.25 }, anchorB: { x: 0, y: BOB_HALF }, length: REST };
}

/** What the draw callback and the naive spring share with the world, outside React. */
interface Rig {
  bobs: Record<Column, BodyApi> | null;
  soft: SoftConstraintApi | null;
  response: SoftConstraintApi | null;
  /** The naive spring's tuning (the soft spring's). */
  hertz: number;
  zeta: number;
  /** The naive spring's blow-ups so far, and its label on the canvas that counts them (drawn every frame, no React). */
  blowUps: number;
  label: string;
  /** The count the note shows (React state), and the published frame (step) it was shown at. */
  shown: number;
  shownAt: number;
  show: (blowUps: number) => void;
}

const CALM_LABEL = 'same k and c, explicit';
/**
 * Steps between two updates of the note: a spring past its limit blows up every few steps,
 * and a React render of the scene for each would be twenty a second.
 */
const NOTE_STEPS = 15;

/** Shows a new blow-up count in the note, the first at once, then at most once per NOTE_STEPS published steps. */
function publishBlowUps(rig: Rig, frame: number): void {
  if (rig.blowUps === rig.shown || frame - rig.shownAt < NOTE_STEPS) return;
  rig.shown = rig.blowUps;
  rig.shownAt = frame;
  rig.show(rig.blowUps);
}

/** Back to no blow-ups (a reset). */
function calm(rig: Rig): void {
  rig.blowUps = 0;
  rig.label = CALM_LABEL;
  rig.shown = 0;
  rig.shownAt = Number.NEGATIVE_INFINITY;
}

/** A spring's tuning as its label says it, made once per tuning (the api keeps one object per tuning). */
const labels = new WeakMap<object, string>();
function tuningLabel(spring: Readonly<{ hertz: number; dampingRatio: number }>): string {
  let label = labels.get(spring);
  if (label === undefined) {
    label = `${spring.hertz.toFixed(1)} Hz, ζ ${spring.dampingRatio.toFixed(2)}`;
    labels.set(spring, label);
  }
  return label;
}

/**
 * The naive spring: an explicit force from the newest step's position and velocity, held
 * for the whole next step. Stable only while omega * dt < 2 (about 19 Hz at 60 steps a
 * second); past that it gains energy every step until it is put back.
 */
function naiveSpring(rig: Rig): void {
  const body = rig.bobs?.naive;
  if (!body || body.id === null) return;
  const p = body.getPosition();
  const v = body.getLinearVelocity();
  const ax = COLUMNS.naive;
  const dx = p.x - ax;
  const dy = p.y + BOB_HALF - CEILING;
  const len = Math.hypot(dx, dy);
  const speed = Math.hypot(v.x, v.y);
  if (!Number.isFinite(len) || len > 30 || speed > 80) {
    // it blew up: put it back and count
    rig.blowUps++;
    rig.label = `blew up ×${rig.blowUps}`;
    body.setTransform({ x: ax, y: CEILING - REST - BOB_HALF }, 0);
    body.setLinearVelocity({ x: 0, y: 0 });
    return;
  }
  if (len < 1e-6) return;
  const ux = dx / len;
  const uy = dy / len;
  const mass = 1;
  const omega = 2 * Math.PI * rig.hertz;
  const k = mass * omega * omega;
  const damping = 2 * mass * rig.zeta * omega;
  const f = -k * (len - REST) - damping * (v.x * ux + v.y * uy);
  body.applyForce({ x: f * ux, y: f * uy });
}

function World({
  hertz,
  zeta,
  frames,
  bounce,
  rig,
}: {
  hertz: number;
  zeta: number;
  frames: number;
  bounce: Bounce;
  rig: Rig;
}) {
  sceneRenders.count++;
  const scene = useSceneHandle();
  useBody(GROUND);
  const [, ceiling] = useBody(CEILING_BODY);
  const [, soft] = useBody(bob('soft'));
  const [, response] = useBody(bob('response'));
  const [, naive] = useBody(bob('naive'));
  // the same spring twice: tuned by frequency and damping ratio, and by response time
  rig.soft = useSoftConstraint(ceiling, soft, { hertz, dampingRatio: zeta, ...anchors('soft') });
  rig.response = useSoftConstraint(ceiling, response, {
    responseFrames: frames,
    bounce,
    ...anchors('response'),
  });
  rig.bobs = { soft, response, naive };
  rig.hertz = hertz;
  rig.zeta = zeta;
  // the naive one: a force of our own, once per frame that shows a new step
  usePhysicsFrame((frame) => {
    naiveSpring(rig);
    publishBlowUps(rig, frame.frame);
  });
  // a retuned spring starts from rest no more: wake its bob
  useLayoutEffect(() => {
    if (soft.id !== null) soft.wake();
  }, [soft, hertz, zeta]);
  useLayoutEffect(() => {
    if (response.id !== null) response.wake();
  }, [response, frames, bounce]);
  useLayoutEffect(() => {
    if (!scene) return;
    scene.testApi = response;
    scene.bodies = () => bodyIds([soft, response, naive]);
  });
  return null;
}

/** The springs and their labels, over the bodies; read from the frame's records. */
function drawRig(rig: Rig): CanvasDrawFn {
  return (ctx, camera, frame) => {
    const bobs = rig.bobs;
    if (!bobs) return;
    const spring = (column: Column, sub: string, label: string) => {
      const slot = bobs[column].slot;
      if (slot < 0 || slot >= frame.slotCount) return;
      const o = slot * BodyRecord.Size;
      const x = frame.records[o + BodyRecord.X]!;
      const y = frame.records[o + BodyRecord.Y]!;
      drawSpring(
        ctx,
        camera,
        { x: COLUMNS[column], y: CEILING },
        { x, y: y + BOB_HALF },
        COLORS[column],
        label,
        sub,
      );
    };
    if (rig.soft) spring('soft', tuningLabel(rig.soft.spring), 'Soft spring');
    if (rig.response) spring('response', tuningLabel(rig.response.spring), 'Tuned by response');
    spring('naive', rig.label, 'Naive stiff spring');
  };
}

export default function SoftConstraints() {
  const [hertz, setHertz] = useState(4);
  const [zeta, setZeta] = useState(0.3);
  const [frames, setFrames] = useState(20);
  const [bounce, setBounce] = useState<Bounce>('some');
  const [blowUps, setBlowUps] = useState(0);
  const [rig] = useState<Rig>(() => ({
    bobs: null,
    soft: null,
    response: null,
    hertz,
    zeta,
    blowUps: 0,
    label: CALM_LABEL,
    shown: 0,
    shownAt: Number.NEGATIVE_INFINITY,
    show: setBlowUps,
  }));
  const [draw] = useState(() => drawRig(rig));
  const pull = () => {
    const bobs = rig.bobs;
    if (!bobs) return;
    for (const body of [bobs.soft, bobs.response, bobs.naive]) body.applyImpulse({ x: 0, y: -6 });
  };
  return (
    <CanvasScene
      meta={meta}
      view={VIEW}
      bodyStyle={style}
      onDraw={draw}
      note={blowUps > 0 ? `naive spring blew up ×${blowUps}` : ''}
      onReset={() => {
        calm(rig);
        setBlowUps(0);
      }}
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
    >
      <World hertz={hertz} zeta={zeta} frames={frames} bounce={bounce} rig={rig} />
    </CanvasScene>
  );
}
