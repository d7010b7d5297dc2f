/**
 * Worlds are independent: several worlds stepped in turn in one realm (A.step, B.step,
 * C.step, A.step, ...) give, step for step, the same state hashes and snapshot bytes as
 * each stepped alone. Module-level scratch (narrow phase, solver, mover, rollback) is
 * reused by every world, so none of it may carry a value from one world's step into
 * another's.
 */

import { describe, expect, it } from 'vitest';
import { World } from '../../src/index';
import { jointGridScene, mixedPileScene } from '../../src/scenes/index';
import { DT } from '../support';

type Scene = (world: World) => void;

const STEPS = 90;

const SCENES: [string, Scene][] = [
  ['mixed pile', (w) => mixedPileScene(w, 60)],
  ['mixed pile, other seed', (w) => mixedPileScene(w, 50, 777)],
  ['joint grid', (w) => jointGridScene(w, { rows: 6, columns: 6 })],
];

interface Trace {
  hashes: number[];
  bytes: Uint8Array[];
}

function record(world: World, trace: Trace): void {
  world.step(DT);
  trace.hashes.push(world.stateHash());
  trace.bytes.push(world.snapshot());
}

function made(scene: Scene): World {
  const world = new World();
  scene(world);
  return world;
}

describe('worlds stepped in turn', () => {
  it('give every step the same hashes and snapshot bytes as each stepped alone', () => {
    const alone = SCENES.map(([, scene]) => {
      const world = made(scene);
      const trace: Trace = { hashes: [], bytes: [] };
      for (let i = 0; i < STEPS; i++) record(world, trace);
      return trace;
    });
    const worlds = SCENES.map(([, scene]) => made(scene));
    const interleaved = worlds.map((): Trace => ({ hashes: [], bytes: [] }));
    for (let i = 0; i < STEPS; i++)
      for (let k = 0; k < worlds.length; k++) record(worlds[k]!, interleaved[k]!);
    for (let k = 0; k < SCENES.length; k++) {
      const name = SCENES[k]![0];
      expect(interleaved[k]!.hashes, name).toEqual(alone[k]!.hashes);
      for (let i = 0; i < STEPS; i++) {
        const same = Buffer.compare(interleaved[k]!.bytes[i]!, alone[k]!.bytes[i]!) === 0;
        expect(same, `${name}: snapshot bytes of step ${i + 1}`).toBe(true);
      }
    }
  });
});
