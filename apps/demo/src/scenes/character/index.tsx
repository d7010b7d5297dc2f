import { type BodyId, BodyType, makeBox, makeCapsule, type ShapeId } from '@impulse/core';
import { platformerScene } from '@impulse/core/scenes';
import { useEffect, useRef, useState } from 'react';
import { HIGHLIGHT, type Sim } from '../../sim/sim';
import { useSim } from '../../sim/useSim';
import { HoldPad, Keys, Slider } from '../../ui/controls';
import { SceneFrame } from '../../ui/SceneFrame';
import type { SceneMeta } from '../meta';

export const meta: SceneMeta = {
  id: 'character',
  title: 'Character',
  short: 'Character',
  summary: [
    'The character mover: a capsule moved by collide-and-slide in the worker every step; it climbs steps and a 30° ramp, stops at a 60° one.',
    'Walk with ← → (or A D), jump with Space; push the crate, and cross the green trigger zone (a sensor: events, no push).',
  ],
};

const CAPSULE = makeCapsule(0, -0.5, 0, 0.5, 0.3);
const ZONE_CATEGORY = 2;

interface Rig {
  character: number;
  body: BodyId;
  zone: ShapeId;
  inside: Set<number>;
  visits: number;
  input: { left: boolean; right: boolean; jump: boolean };
  speed: number;
  jump: number;
  camX: number;
  camY: number;
}

function build(sim: Sim): Rig {
  const w = sim.world;
  const level = platformerScene(sim.asWorld(), { crate: false });
  // crates to push: they drop in as the scene starts
  const crates: BodyId[] = [];
  for (const [x, y, half] of [
    [15, level.plateauTop + 1.5, 0.4],
    [13.6, level.plateauTop + 2.5, 0.3],
    [6.4, 2.5, 0.25],
  ] as const) {
    const crate = w.createBody({ type: BodyType.Dynamic, position: { x, y }, angle: 0.3 });
    w.createPolygonShape(crate, makeBox(half, half), { density: 1, friction: 0.6 });
    crates.push(crate);
  }
  // the trigger zone: a static sensor box on the ground, between the spawn and the steps
  // A static or kinematic sensor never meets the character's kinematic body (the broad
  // phase pairs neither with a kinematic body), so the zone is a weightless dynamic body
  // that never sleeps; a sensor pushes nothing and nothing pushes it.
  const zoneBody = w.createBody({
    type: BodyType.Dynamic,
    position: { x: 2.5, y: 1 },
    gravityScale: 0,
    enableSleep: false,
  });
  // (in category 2, which the mover's filter leaves out: the core's mover would otherwise
  // treat the sensor as a wall)
  const zone = w.createPolygonShape(zoneBody, makeBox(0.9, 1), {
    isSensor: true,
    filter: { categoryBits: ZONE_CATEGORY, maskBits: 0xffffffff, groupIndex: 0 },
  });
  // the character: the core mover run by the host, with a kinematic capsule it drives so
  // the crate (and the zone) feel it
  const body = w.createBody({ type: BodyType.Kinematic, position: level.spawn });
  w.createCapsuleShape(body, CAPSULE);
  sim.setBodyColor(body, HIGHLIGHT, true);
  const character = sim.client.createCharacter({
    capsule: CAPSULE,
    position: level.spawn,
    body,
    stepHeight: 0.25,
    maxPushForce: 40,
    filter: { categoryBits: 1, maskBits: ~ZONE_CATEGORY >>> 0 },
  });
  sim.testBody = crates[2]!;
  return {
    character,
    body,
    zone,
    inside: new Set(),
    visits: 0,
    input: { left: false, right: false, jump: false },
    speed: 5,
    jump: 7,
    camX: level.spawn.x + 6,
    camY: 2,
  };
}

function frame(sim: Sim, rig: Rig, state: ReturnType<Sim['client']['readCharacter']>): void {
  sim.client.readCharacter(rig.character, state);
  const vx = ((rig.input.right ? 1 : 0) - (rig.input.left ? 1 : 0)) * rig.speed;
  let vy = state.velocity.y;
  if (rig.input.jump && state.grounded) vy = rig.jump;
  sim.client.setCharacterVelocity(rig.character, { x: vx, y: vy });
  rig.camX += 0.08 * (state.position.x + 3 - rig.camX);
  rig.camY += 0.08 * (state.position.y - rig.camY);
  // a phone gets a closer camera: the character stays a readable size
  const half = Math.min(11, Math.max(5, sim.width / 70));
  sim.setView({
    x0: rig.camX - half,
    x1: rig.camX + half,
    y0: Math.min(rig.camY - 2.5, -0.6),
    y1: rig.camY + 5,
  });
}

const KEYS: Record<string, 'left' | 'right' | 'jump'> = {
  ArrowLeft: 'left',
  KeyA: 'left',
  ArrowRight: 'right',
  KeyD: 'right',
  Space: 'jump',
  ArrowUp: 'jump',
  KeyW: 'jump',
};

export default function Character() {
  const [reset, setReset] = useState(0);
  const [speed, setSpeed] = useState(5);
  const [jump, setJump] = useState(7);
  const rig = useRef<Rig | null>(null);
  const sim = useSim(
    { view: { x0: -5, x1: 17, y0: -0.6, y1: 9 } },
    (s) => {
      const r = build(s);
      rig.current = r;
      const state = s.client.readCharacter(r.character);
      const offFrame = s.onFrame(() => frame(s, r, state));
      s.note = 'trigger zone: empty';
      const offEvents = s.client.onContactEvents((e) => {
        for (let i = 0; i < e.sensorBeginCount; i++) {
          if (e.sensorBeginSensor[i] !== r.zone) continue;
          r.inside.add(e.sensorBeginVisitor[i]!);
          r.visits++;
        }
        for (let i = 0; i < e.sensorEndCount; i++) {
          if (e.sensorEndSensor[i] === r.zone) r.inside.delete(e.sensorEndVisitor[i]!);
        }
        s.note = `trigger zone: ${r.inside.size > 0 ? `${r.inside.size} inside` : 'empty'} · ${r.visits} entries`;
      });
      return () => {
        offFrame();
        offEvents();
      };
    },
    reset,
  );

  useEffect(() => {
    if (rig.current) {
      rig.current.speed = speed;
      rig.current.jump = jump;
    }
  }, [speed, jump, sim]);

  useEffect(() => {
    const set = (e: KeyboardEvent, on: boolean) => {
      const k = KEYS[e.code];
      const r = rig.current;
      if (!k || !r || (e.target instanceof HTMLInputElement && e.target.type !== 'range')) return;
      e.preventDefault();
      r.input[k] = on;
    };
    const down = (e: KeyboardEvent) => set(e, true);
    const up = (e: KeyboardEvent) => set(e, false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

  const hold = (k: 'left' | 'right' | 'jump', down: boolean) => {
    if (rig.current) rig.current.input[k] = down;
  };

  return (
    <SceneFrame
      meta={meta}
      sim={sim}
      onReset={() => setReset((n) => n + 1)}
      controls={
        <>
          <Keys>
            <kbd>←</kbd> <kbd>→</kbd> or <kbd>A</kbd> <kbd>D</kbd> walk · <kbd>Space</kbd> jump
          </Keys>
          <HoldPad
            buttons={[
              { key: 'left', label: '◀ Left' },
              { key: 'jump', label: 'Jump', primary: true },
              { key: 'right', label: 'Right ▶' },
            ]}
            onHold={hold}
          />
          <Slider
            label="Walk speed"
            value={speed}
            min={1}
            max={10}
            step={0.5}
            format={(v) => `${v.toFixed(1)} m/s`}
            onChange={setSpeed}
          />
          <Slider
            label="Jump speed"
            value={jump}
            min={3}
            max={12}
            step={0.5}
            format={(v) => `${v.toFixed(1)} m/s`}
            onChange={setJump}
          />
        </>
      }
    />
  );
}
