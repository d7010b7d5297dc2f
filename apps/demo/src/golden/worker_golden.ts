/**
 * The golden run of the worker runtime: one world with stacking, joints (limits, motors),
 * springs, a sensor and a character, stepped a fixed number of steps through a
 * PhysicsClient. The browser tests run it in each browser's Web Worker (through the test
 * hook) and in Node (the inline backend, the same World on Node's V8), and compare every
 * step's hash; on a mismatch they re-run both to that step and name the first body whose
 * bits differ. Deterministic: the scene is fixed and the steering depends on the step only.
 */
import {
  BodyRecord,
  BodyType,
  type ContactEvents,
  makeBox,
  makeCapsule,
  makeCircle,
  type World,
} from '@impulse/core';
import { addGround, addPyramid, platformerScene, ragdollScene, springBeamScene } from '@impulse/core/scenes';
import type { PhysicsClient } from '@impulse/worker';

/** Steps of the golden run (10 s at 60 Hz). */
export const GOLDEN_STEPS = 600;

export interface GoldenRun {
  transport: string;
  steps: number;
  /** Per step: a hash of every body's record bits and the character's state bits. */
  stepHashes: number[];
  /** The worker's `stateHash()` every 100 steps. */
  stateHashes: number[];
  /** Sensor begin/end events over the run, and a hash of their (sensor, visitor) ids. */
  sensorEvents: { begins: number; ends: number; hash: number };
  /** Total wall time of the stepping loop, and the worker's mean time in `World.step`. */
  wallMs: number;
  stepMs: number;
}

/** A body's record at one step: its id and its nine doubles' bits as hex. */
export interface GoldenBody {
  id: number;
  bits: string[];
}

const capsule = makeCapsule(0, -0.5, 0, 0.5, 0.3);

/** The golden world, built through a client; returns the character's id. */
export function buildGoldenScene(client: PhysicsClient): number {
  const world = client as unknown as World;
  addGround(world, 40, 0, -25, 0); // x in [-65, 15]
  // stacking: a pyramid and a few round things dropped on it
  addPyramid(world, { base: 10, origin: { x: -45, y: 0 } });
  for (let i = 0; i < 6; i++) {
    const ball = world.createBody({
      type: BodyType.Dynamic,
      position: { x: -48 + 1.3 * i, y: 12 + 0.7 * i },
    });
    world.createCircleShape(ball, makeCircle(0, 0, 0.35), { density: 2, restitution: 0.3 });
  }
  // joints with limits and motors (joint friction): a ragdoll dropped from a height
  ragdollScene(world, { position: { x: -30, y: 3 }, jointFriction: 0.05, ground: false });
  // springs: bobs hung from a static beam on soft distance joints of different stiffness
  springBeamScene(world, { x: -18, y: 9 });
  // a sensor zone that rolling balls pass through
  const zone = world.createBody({ position: { x: 0, y: 1 } });
  world.createPolygonShape(zone, makeBox(1, 1), { isSensor: true });
  for (let i = 0; i < 3; i++) {
    const ball = world.createBody({
      type: BodyType.Dynamic,
      position: { x: -6 - 1.5 * i, y: 0.25 },
      linearVelocity: { x: 3 + i, y: 0 },
    });
    world.createCircleShape(ball, makeCircle(0, 0, 0.25), { friction: 0.2 });
  }
  // the character mover on a platformer course, with a kinematic body that pushes the crate
  const level = platformerScene(world, { origin: { x: 30, y: 0 } });
  const body = world.createBody({ type: BodyType.Kinematic, position: level.spawn });
  world.createCapsuleShape(body, capsule);
  return client.createCharacter({ capsule, position: level.spawn, body, maxPushForce: 50 });
}

/** The character's steering at step `i` (walk right, jump twice, stop): a function of the step only. */
function steer(client: PhysicsClient, character: number, i: number, vy: number): void {
  if (i === 20) client.setCharacterVelocity(character, { x: 3, y: vy });
  if (i === 150 || i === 330) client.setCharacterVelocity(character, { x: 3, y: 5 });
  if (i === 520) client.setCharacterVelocity(character, { x: 0, y: vy });
}

/** FNV-1a over 32-bit words. */
function mix(hash: number, word: number): number {
  return Math.imul(hash ^ word, 0x01000193) >>> 0;
}

const OFFSET_BASIS = 0x811c9dc5;

/**
 * Steps the golden world `steps` times through `client` (manual stepping) and returns
 * per-step hashes and every body's bits at the end. `afterFirstStep`, when given, is awaited
 * once step 1 is done (the step that starts a world's solver helpers): what happens while
 * the run waits there changes no bit, since nothing steps. `onStep` hears each step taken.
 */
export async function runGolden(
  client: PhysicsClient,
  steps = GOLDEN_STEPS,
  afterFirstStep?: () => Promise<void>,
  onStep?: (step: number) => void,
): Promise<GoldenRun & { bodies: GoldenBody[] }> {
  const character = buildGoldenScene(client);
  const sensorEvents = { begins: 0, ends: 0, hash: OFFSET_BASIS };
  const off = client.onContactEvents((e: ContactEvents) => {
    sensorEvents.begins += e.sensorBeginCount;
    sensorEvents.ends += e.sensorEndCount;
    for (let k = 0; k < e.sensorBeginCount; k++) {
      sensorEvents.hash = mix(mix(sensorEvents.hash, e.sensorBeginSensor[k]!), e.sensorBeginVisitor[k]!);
    }
    for (let k = 0; k < e.sensorEndCount; k++) {
      sensorEvents.hash = mix(mix(sensorEvents.hash, e.sensorEndSensor[k]!), e.sensorEndVisitor[k]!);
    }
  });
  let records = new Float64Array(0);
  const words = () => new Uint32Array(records.buffer);
  const characterBits = new Float64Array(5);
  const characterWords = new Uint32Array(characterBits.buffer);
  const state = client.readCharacter(character, undefined, 1);
  const stepHashes: number[] = [];
  const stateHashes: number[] = [];
  let stepMsTotal = 0;
  const t0 = performance.now();
  for (let i = 1; i <= steps; i++) {
    steer(client, character, i, state.velocity.y);
    await client.step(1);
    onStep?.(i);
    if (i === 1 && afterFirstStep) await afterFirstStep();
    stepMsTotal += client.getStats().stepMs;
    const size = client.getBodySlotCount() * BodyRecord.Size;
    if (records.length !== size) records = new Float64Array(size);
    client.readBodyTransforms(records);
    client.readCharacter(character, state, 1);
    characterBits[0] = state.position.x;
    characterBits[1] = state.position.y;
    characterBits[2] = state.velocity.x;
    characterBits[3] = state.velocity.y;
    characterBits[4] = state.grounded ? 1 : 0;
    let hash = OFFSET_BASIS;
    for (const w of words()) hash = mix(hash, w);
    for (const w of characterWords) hash = mix(hash, w);
    stepHashes.push(hash);
    if (i % 100 === 0 || i === steps) stateHashes.push(await client.stateHash());
  }
  const wallMs = performance.now() - t0;
  off();
  const bodies: GoldenBody[] = [];
  const w = words();
  for (let slot = 0; slot < records.length / BodyRecord.Size; slot++) {
    const id = records[slot * BodyRecord.Size + BodyRecord.Id]!;
    if (id === 0) continue;
    const bits: string[] = [];
    for (let k = 0; k < BodyRecord.Size; k++) {
      const at = 2 * (slot * BodyRecord.Size + k);
      bits.push(w[at + 1]!.toString(16).padStart(8, '0') + w[at]!.toString(16).padStart(8, '0'));
    }
    bodies.push({ id, bits });
  }
  return {
    transport: client.transport,
    steps,
    stepHashes,
    stateHashes,
    sensorEvents,
    wallMs,
    stepMs: stepMsTotal / steps,
    bodies,
  };
}

/** The golden run's timing with no round trip per step: one `step(steps)`, after a warm-up run. */
export interface GoldenTiming {
  /** Wall time of the one `step(steps)` call per step: the worker's stepping plus one message. */
  wallMsPerStep: number;
  /** The world's state hash after the steps: the same as the step-by-step run's last. */
  stateHash: number;
}

/**
 * Builds the golden world and takes all its steps in one `step(steps)` call, so the time is
 * the worker's (and the engine's JIT), not the main thread's message latency. The character
 * is not steered here (steering is per step), so the hash is not the step-by-step run's.
 */
export async function timeGolden(client: PhysicsClient, steps = GOLDEN_STEPS): Promise<GoldenTiming> {
  buildGoldenScene(client);
  await client.step(1); // the scene is built and the worker has started
  const t0 = performance.now();
  await client.step(steps);
  const wallMs = performance.now() - t0;
  return { wallMsPerStep: wallMs / steps, stateHash: await client.stateHash() };
}

/**
 * Where two runs part: the first step whose hash differs, then (given both runs' bodies at
 * that step) the first body whose bits differ and in which field. Null when they agree.
 */
export function firstDifference(
  expected: Pick<GoldenRun, 'stepHashes'>,
  actual: Pick<GoldenRun, 'stepHashes'>,
): number | null {
  const n = Math.max(expected.stepHashes.length, actual.stepHashes.length);
  for (let i = 0; i < n; i++) if (expected.stepHashes[i] !== actual.stepHashes[i]) return i + 1;
  return null;
}

const FIELDS = ['id', 'awake', 'x', 'y', 'cos', 'sin', 'vx', 'vy', 'angular velocity'];

export function firstDifferentBody(expected: GoldenBody[], actual: GoldenBody[]): string {
  const byId = new Map(actual.map((b) => [b.id, b]));
  for (const e of expected) {
    const a = byId.get(e.id);
    if (!a) return `body ${e.id} is missing`;
    for (let k = 0; k < FIELDS.length; k++) {
      if (e.bits[k] !== a.bits[k])
        return `body ${e.id} ${FIELDS[k]}: expected 0x${e.bits[k]}, got 0x${a.bits[k]}`;
    }
  }
  if (actual.length !== expected.length) return `${actual.length} bodies, expected ${expected.length}`;
  return 'every body agrees (the character state differs)';
}
