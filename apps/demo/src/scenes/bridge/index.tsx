import { type BodyId, BodyType, type JointId, makeBox, makeCircle, makeOffsetBox } from '@impulse/core';
import { addGround, addRevoluteJoint, ragdollScene } from '@impulse/core/scenes';
import { useEffect, useRef, useState } from 'react';
import type { Sim } from '../../sim/sim';
import { useSim } from '../../sim/useSim';
import { Button, Slider, Toggle } from '../../ui/controls';
import { SceneFrame } from '../../ui/SceneFrame';
import type { SceneMeta } from '../meta';

export const meta: SceneMeta = {
  id: 'bridge',
  title: 'Bridge and ragdolls',
  short: 'Bridge & ragdolls',
  summary: [
    'A rope bridge of 30 planks on revolute joints, ragdolls with joint limits and friction motors, and a motor-driven paddle wheel.',
    'Lower the break force and drop a crate: overloaded joints snap and stay broken.',
  ],
};

const PLANKS = 30;
const PLANK = 0.8;
/** Distance between the end pivots: a little less than the deck, so it sags. */
const SPAN = 23;
const DECK_Y = 7;
/** The slider's top: joints that never break. */
const BREAK_MAX = 2000;

interface Rig {
  left: BodyId;
  right: BodyId;
  planks: BodyId[];
  bridgeJoints: JointId[];
  ragdollJoints: JointId[];
  wheelJoint: JointId;
  dropped: number;
  broken: number;
}

/**
 * The deck: planks pinned end to end between the two piers, laid out as a shallow V (the
 * deck is longer than the span, so it hangs and sags). Rebuilt when the break force
 * changes: a joint's break force is fixed when it is made.
 */
function buildDeck(sim: Sim, rig: Rig, breakForce: number): void {
  const w = sim.world;
  for (const j of rig.bridgeJoints) if (w.isValidJoint(j)) w.destroyJoint(j);
  for (const b of rig.planks) w.destroyBody(b);
  rig.planks = [];
  rig.bridgeJoints = [];
  const plank = makeBox(0.5 * PLANK, 0.1);
  const cos = SPAN / (PLANKS * PLANK);
  const sin = Math.sqrt(1 - cos * cos);
  let prev = rig.left;
  let px = -0.5 * SPAN;
  let py = DECK_Y;
  const def = { breakForce };
  for (let i = 0; i < PLANKS; i++) {
    const down = i < PLANKS / 2;
    const dy = down ? -sin : sin;
    const body = w.createBody({
      type: BodyType.Dynamic,
      position: { x: px + 0.5 * PLANK * cos, y: py + 0.5 * PLANK * dy },
      angle: Math.atan2(dy, cos),
    });
    w.createPolygonShape(body, plank, { density: 2, friction: 0.7 });
    const localA = i === 0 ? { x: 0, y: 0 } : { x: 0.5 * PLANK, y: 0 };
    rig.bridgeJoints.push(
      addRevoluteJoint(sim.asWorld(), prev, body, localA, { x: -0.5 * PLANK, y: 0 }, def).id,
    );
    rig.planks.push(body);
    prev = body;
    px += PLANK * cos;
    py += PLANK * dy;
  }
  rig.bridgeJoints.push(
    addRevoluteJoint(sim.asWorld(), prev, rig.right, { x: 0.5 * PLANK, y: 0 }, { x: 0, y: 0 }, def).id,
  );
}

function build(sim: Sim, breakForce: number): Rig {
  const w = sim.world;
  const x0 = -0.5 * SPAN;
  addGround(sim.asWorld(), 40);
  const left = w.createBody({ position: { x: x0, y: DECK_Y } });
  w.createPolygonShape(left, makeOffsetBox(1, DECK_Y / 2, -1, -DECK_Y / 2, 0));
  const right = w.createBody({ position: { x: -x0, y: DECK_Y } });
  w.createPolygonShape(right, makeOffsetBox(1, DECK_Y / 2, 1, -DECK_Y / 2, 0));
  // a paddle wheel on a motor, at the right
  const hub = w.createBody({ position: { x: 17, y: 4 } });
  const wheel = w.createBody({ type: BodyType.Dynamic, position: { x: 17, y: 4 } });
  w.createPolygonShape(wheel, makeBox(2.2, 0.15), { density: 2 });
  w.createPolygonShape(wheel, makeOffsetBox(0.15, 2.2, 0, 0, 0), { density: 2 });
  const wheelJoint = w.createRevoluteJoint({
    bodyA: hub,
    bodyB: wheel,
    enableMotor: true,
    motorSpeed: -1.5,
    maxMotorTorque: 800,
  });
  const rig: Rig = {
    left,
    right,
    planks: [],
    bridgeJoints: [],
    ragdollJoints: [],
    wheelJoint,
    dropped: 0,
    broken: 0,
  };
  buildDeck(sim, rig, breakForce);
  // a few balls for the wheel to churn
  for (let i = 0; i < 6; i++) {
    const ball = w.createBody({
      type: BodyType.Dynamic,
      position: { x: 15.5 + (i % 3) * 1.2, y: 1 + Math.floor(i / 3) },
    });
    w.createCircleShape(ball, makeCircle(0, 0, 0.35), { density: 1, friction: 0.4 });
  }
  return rig;
}

function dropCrate(sim: Sim, rig: Rig): void {
  const body = sim.world.createBody({
    type: BodyType.Dynamic,
    position: { x: -6 + ((rig.dropped * 3.7) % 12), y: DECK_Y + 4 },
    angle: 0.2,
  });
  sim.world.createPolygonShape(body, makeBox(0.8, 0.8), { density: 6, friction: 0.6 });
  rig.dropped++;
}

function dropRagdoll(sim: Sim, rig: Rig, friction: number, limits: boolean): void {
  const x = -8 + ((rig.dropped * 5.3) % 16);
  const { joints, bodies } = ragdollScene(sim.asWorld(), {
    position: { x, y: DECK_Y + 3 },
    scale: 1.4,
    jointFriction: friction,
    group: rig.dropped + 1,
    ground: false,
  });
  for (const j of joints) {
    rig.ragdollJoints.push(j.id);
    if (!limits) sim.client.setJointParams(j.id, { enableLimit: false });
  }
  rig.dropped++;
  sim.testBody = bodies.torso;
}

export default function BridgeAndRagdolls() {
  const [reset, setReset] = useState(0);
  const [breakForce, setBreakForce] = useState(BREAK_MAX);
  const [friction, setFriction] = useState(1);
  const [limits, setLimits] = useState(true);
  const [motor, setMotor] = useState(-1.5);
  const rig = useRef<Rig | null>(null);
  const settings = useRef({ friction, limits });
  settings.current = { friction, limits };
  const sim = useSim(
    { view: { x0: -20, x1: 20, y0: -0.5, y1: 14 } },
    (s) => {
      const r = build(s, breakForce >= BREAK_MAX ? Number.POSITIVE_INFINITY : breakForce);
      rig.current = r;
      dropRagdoll(s, r, settings.current.friction, settings.current.limits);
      dropRagdoll(s, r, settings.current.friction, settings.current.limits);
      s.note = 'broken joints: 0';
      return s.client.onJointEvents((e) => {
        if (e.broken.length === 0) return;
        r.broken += e.broken.length;
        s.note = `broken joints: ${r.broken}`;
      });
    },
    reset,
  );

  // the break force is fixed when a joint is made: a new value rebuilds the deck
  const firstDeck = useRef(true);
  useEffect(() => {
    const r = rig.current;
    if (!sim || !r) return;
    if (firstDeck.current) {
      firstDeck.current = false;
      return;
    }
    buildDeck(sim, r, breakForce >= BREAK_MAX ? Number.POSITIVE_INFINITY : breakForce);
  }, [sim, breakForce]);

  useEffect(() => {
    const r = rig.current;
    if (!sim || !r) return;
    for (const j of r.ragdollJoints) {
      if (!sim.client.isValidJoint(j)) continue;
      sim.client.setJointParams(j, {
        enableMotor: friction > 0,
        motorSpeed: 0,
        maxMotorTorque: friction * 1.4,
        enableLimit: limits,
      });
    }
    sim.wakeAll();
  }, [sim, friction, limits]);

  useEffect(() => {
    const r = rig.current;
    if (!sim || !r) return;
    sim.client.setJointParams(r.wheelJoint, { motorSpeed: motor });
  }, [sim, motor]);

  return (
    <SceneFrame
      meta={meta}
      sim={sim}
      onReset={() => {
        firstDeck.current = true;
        setReset((n) => n + 1);
      }}
      controls={
        <>
          <Button
            kind="primary"
            onClick={() => sim && rig.current && dropRagdoll(sim, rig.current, friction, limits)}
          >
            Drop a ragdoll
          </Button>
          <Button onClick={() => sim && rig.current && dropCrate(sim, rig.current)}>
            Drop a 15 kg crate
          </Button>
          <Slider
            label="Bridge break force"
            value={breakForce}
            min={400}
            max={BREAK_MAX}
            step={50}
            format={(v) => (v >= BREAK_MAX ? 'unbreakable' : `${v} N`)}
            onChange={setBreakForce}
            hint="A joint pulled harder than this snaps (the deck is rebuilt)."
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
    />
  );
}
