import {
  type BodyStyleFn,
  type CanvasViewFn,
  type CharacterApi,
  type CharacterStateView,
  type ContactEvent,
  type FramePose,
  readFramePose,
  type ShapeSpec,
  useBodies,
  useBody,
  useCharacter,
  usePhysicsFrame,
} from '@impulse/react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { drawGrid } from '../../ui/canvas_extras';
import { CanvasScene, useSceneHandle, useTrackedBodies } from '../../ui/CanvasScene';
import { HoldPad, Keys, Slider } from '../../ui/controls';
import { useHeldKeys } from '../../ui/held_keys';
import { HIGHLIGHT } from '../../ui/palette';
import type { SceneMeta } from '../meta';

export const meta: SceneMeta = {
  id: 'character',
  title: 'Character',
  short: 'Character',
  summary: [
    'The character mover (useCharacter): a capsule moved by collide-and-slide in the worker every step; it climbs steps and a 30° ramp, stops at a 60° one.',
    'Walk with ← → (or A D), jump with Space; push the crate, and cross the green trigger zone (a sensor: events, no push).',
  ],
};

// The course, left to right: ground, two steps of 0.2 m, a 30° ramp up to a plateau, and
// a 60° ramp too steep for the mover's default 45° slope limit.
const PLATEAU_TOP = 0.4 + 3 * Math.tan(Math.PI / 6);
const GROUND: ShapeSpec[] = [{ type: 'box', width: 60, height: 2, offset: { x: 20, y: -1 } }];
const LEVEL: ShapeSpec[] = [
  // a wall behind the spawn point
  { type: 'box', width: 0.5, height: 4, offset: { x: -2.75, y: 2 } },
  { type: 'box', width: 2, height: 0.2, offset: { x: 5, y: 0.1 } },
  { type: 'box', width: 2, height: 0.4, offset: { x: 7, y: 0.2 } },
  {
    type: 'polygon',
    points: [
      { x: 8, y: 0 },
      { x: 11, y: 0 },
      { x: 11, y: PLATEAU_TOP },
      { x: 8, y: 0.4 },
    ],
  },
  { type: 'box', width: 9, height: PLATEAU_TOP, offset: { x: 15.5, y: 0.5 * PLATEAU_TOP } },
  {
    type: 'polygon',
    points: [
      { x: 20, y: 0 },
      { x: 22, y: 0 },
      { x: 22, y: PLATEAU_TOP + 2 * Math.tan(Math.PI / 3) },
      { x: 20, y: PLATEAU_TOP },
    ],
  },
];
/**
 * Where a standing 1.6 m capsule's center is at x = 0: half its height, plus the 2.5 mm
 * gap the mover keeps from what it stands on (the core's MOVER_SKIN, half the linear slop).
 * It rests there from the first frame; spawned touching the ground, the first step would
 * lift it by that gap.
 */
const SPAWN = { x: 0, y: 0.8 + 0.5 * 0.005 };
/** Crates to push, dropping in as the scene starts: x, y, half size. */
const CRATES = [
  [15, PLATEAU_TOP + 1.5, 0.4],
  [13.6, PLATEAU_TOP + 2.5, 0.3],
  [6.4, 2.5, 0.25],
] as const;

/**
 * The trigger zone: a static sensor box on the ground between the spawn and the steps. It
 * sees the character's kinematic capsule (sensors see every body type) and the mover walks
 * through it (the mover skips sensor shapes).
 */
const ZONE: ShapeSpec[] = [{ type: 'box', width: 1.8, height: 2, isSensor: true }];

const PLAYER = 'player';
// the player never looks asleep
const style: BodyStyleFn = (body) =>
  body.userData === PLAYER
    ? { fill: HIGHLIGHT, stroke: 'rgba(255, 255, 255, 0.7)', sleepingFill: HIGHLIGHT }
    : null;

type Action = 'left' | 'right' | 'jump';
const KEYS = {
  ArrowLeft: 'left',
  KeyA: 'left',
  ArrowRight: 'right',
  KeyD: 'right',
  Space: 'jump',
  ArrowUp: 'jump',
  KeyW: 'jump',
} as const satisfies Record<string, Action>;

/** Frames a jump press waits for the player to be grounded (a tenth of a second at 60 Hz). */
const JUMP_BUFFER_FRAMES = 6;

/** The player: steered every frame from the held keys; jumps when grounded. */
function Player(props: {
  /** Whether an action is held, or was tapped since the last frame (useHeldKeys' `take`). */
  take: (action: Action) => boolean;
  speed: number;
  jump: number;
  playerOut: { current: CharacterApi | null };
}) {
  const [, player] = useCharacter({
    position: SPAWN,
    radius: 0.3,
    height: 1.6,
    stepHeight: 0.25,
    maxPushForce: 40,
    userData: PLAYER,
  });
  props.playerOut.current = player;
  const tuning = useRef(props);
  tuning.current = props;
  const [state] = useState<CharacterStateView>(() => ({
    position: { x: 0, y: 0 },
    velocity: { x: 0, y: 0 },
    grounded: false,
    groundNormal: { x: 0, y: 0 },
    groundBodyId: 0 as never,
    stepped: false,
  }));
  const [jumpAsked] = useState({ frames: 0 });
  usePhysicsFrame(() => {
    if (player.id === null) return;
    const { take, speed, jump } = tuning.current;
    player.read(state);
    const vx = ((take('right') ? 1 : 0) - (take('left') ? 1 : 0)) * speed;
    // A jump asked for holds a few frames, as a held key does: the velocity set on one frame
    // is overwritten on the next, from a published state a step behind, unless the worker
    // stepped between; and a tap just before landing still jumps.
    if (take('jump')) jumpAsked.frames = JUMP_BUFFER_FRAMES;
    const jumping = jumpAsked.frames > 0 && state.grounded;
    jumpAsked.frames = Math.max(0, jumpAsked.frames - 1);
    const vy = jumping ? jump : state.velocity.y;
    player.setVelocity({ x: vx, y: vy });
  });
  return null;
}

function Course({ onZone }: { onZone: (inside: number, visits: number) => void }) {
  useBody({ type: 'static', shapes: GROUND });
  useBody({ type: 'static', shapes: LEVEL });
  const crates = useBodies(CRATES.length, (i) => {
    const [x, y, half] = CRATES[i]!;
    return {
      position: { x, y },
      angle: 0.3,
      shapes: [{ type: 'box', width: 2 * half, height: 2 * half, density: 1, friction: 0.6 }],
    };
  });
  useTrackedBodies(crates.apis);
  const scene = useSceneHandle();
  useLayoutEffect(() => {
    if (scene) scene.testApi = crates.apis[2]!;
  }, [scene, crates]);
  // who is in the zone: visitor shapes, counted by the sensor's events
  const zone = useMemo(() => ({ inside: new Set<number>(), visits: 0 }), []);
  const report = useRef(onZone);
  report.current = onZone;
  useBody({
    type: 'static',
    // a hair above the ground, which it would otherwise count as a visitor
    position: { x: 2.5, y: 1.05 },
    shapes: ZONE,
    onSensorEnter: (e: ContactEvent) => {
      zone.inside.add(e.otherShape);
      zone.visits++;
      report.current(zone.inside.size, zone.visits);
    },
    onSensorExit: (e: ContactEvent) => {
      zone.inside.delete(e.otherShape);
      report.current(zone.inside.size, zone.visits);
    },
  });
  return null;
}

/** The camera: eases toward the player, a little ahead; a phone gets a closer one. */
function followCamera(player: { current: CharacterApi | null }): CanvasViewFn {
  const cam = { x: SPAWN.x + 6, y: 2 };
  const pose: FramePose = { x: 0, y: 0, angle: 0 };
  const box = { x0: 0, x1: 0, y0: 0, y1: 0 };
  return (frame, camera) => {
    const p = player.current;
    if (p && readFramePose(frame, p, pose)) {
      cam.x += 0.08 * (pose.x + 3 - cam.x);
      cam.y += 0.08 * (pose.y - cam.y);
    }
    const half = Math.min(11, Math.max(5, camera.width / 70));
    box.x0 = cam.x - half;
    box.x1 = cam.x + half;
    box.y0 = Math.min(cam.y - 2.5, -0.6);
    box.y1 = cam.y + 5;
    return box;
  };
}

export default function Character() {
  const [speed, setSpeed] = useState(5);
  const [jump, setJump] = useState(7);
  const [zone, setZone] = useState({ inside: 0, visits: 0 });
  const { take, hold } = useHeldKeys<Action>(KEYS);
  const [player] = useState<{ current: CharacterApi | null }>({ current: null });
  const [view, setView] = useState(() => followCamera(player));
  const note =
    zone.visits === 0
      ? 'trigger zone: empty'
      : `trigger zone: ${zone.inside > 0 ? `${zone.inside} inside` : 'empty'} · ${zone.visits} entries`;
  return (
    <CanvasScene
      meta={meta}
      view={view}
      bodyStyle={style}
      onDraw={drawGrid}
      note={note}
      onReset={() => {
        setZone({ inside: 0, visits: 0 });
        // a new camera: it starts at the spawn point again
        setView(() => followCamera(player));
      }}
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
    >
      <Course onZone={(inside, visits) => setZone({ inside, visits })} />
      <Player take={take} speed={speed} jump={jump} playerOut={player} />
    </CanvasScene>
  );
}
