/**
 * What the adapters that build the scenes with another engine (planck, matter, Rapier)
 * share, so each supplies only its own calls: a scene's tracked bodies and tumbler read in
 * the description's order; the body-list scenes (rain, smash, spinner) with their bodies
 * and joints, which rain slots drop before which step, what a slot held before goes, and
 * how a slot not dropped yet reads (its start pose).
 */

import type { BuiltScene } from '../engine';
import {
  type BodiesDesc,
  type BodySpec,
  type JointSpec,
  rainColumnAt,
  type SpawnSpec,
} from '../scenes_box2d';

/** A built scene stepped by `step` that reads `tracked`, and `tumbler` when there is one. */
export function trackedScene<B>(
  step: () => void,
  tracked: readonly B[],
  tumbler: B | null,
  readPose: (b: B, out: Float64Array, k: number) => void,
): BuiltScene {
  const scene: BuiltScene = {
    step,
    readTransforms(out) {
      for (let k = 0; k < tracked.length; k++) readPose(tracked[k]!, out, k);
    },
  };
  if (tumbler !== null) scene.readTumbler = (out) => readPose(tumbler, out, 0);
  return scene;
}

/** One engine's calls on its bodies, of type B. */
export interface BodyListEngine<B> {
  /** Adds body `b` offset by (ox, oy); a `group` other than 0 replaces its shapes' group. */
  add(b: BodySpec, ox: number, oy: number, group: number): B;
  /** Adds joint `j` between two of `bodies` (indexed as the spec indexes them). */
  join(j: JointSpec, bodies: readonly B[]): void;
  remove(b: B): void;
  /** Writes the body's x, y, angle at out[3k], out[3k + 1], out[3k + 2]. */
  readPose(b: B, out: Float64Array, k: number): void;
  /** One 1/60 s step. */
  step(): void;
}

/** The scene of `desc` on an engine whose bodies are one object each (planck, Rapier). */
export function buildBodyList<B>(desc: BodiesDesc, engine: BodyListEngine<B>): BuiltScene {
  const bodies = desc.bodies.map((b) => engine.add(b, 0, 0, 0));
  for (const j of desc.joints) engine.join(j, bodies);
  const tracked = bodies.filter((_, i) => desc.bodies[i]!.dynamic);
  const rain = rainSlots<B[]>(desc, {
    spawn(template, x, y, group) {
      const human = template.bodies.map((b) => engine.add(b, x, y, group));
      for (const j of template.joints) engine.join(j, human);
      return human;
    },
    remove: (human) => {
      for (const b of human) engine.remove(b);
    },
    readBone: (human, bone, out, k) => engine.readPose(human[bone]!, out, k),
  });
  rain.drop(0);
  let stepIndex = 0;
  return {
    step: () => {
      engine.step();
      rain.drop(++stepIndex);
    },
    readTransforms(out) {
      for (let k = 0; k < tracked.length; k++) engine.readPose(tracked[k]!, out, k);
      rain.read(out, tracked.length);
    },
  };
}

/** One engine's calls on a human (the spawn template's bodies and joints), of its type H. */
export interface RainEngine<H> {
  /** Makes the template's bodies and joints with their feet at (x, y), every shape in `group`. */
  spawn(template: SpawnSpec['template'], x: number, y: number, group: number): H;
  /** Removes a human made by `spawn`. */
  remove(human: H): void;
  /** Writes x, y, angle of the human's bone `bone` at out[3k], out[3k + 1], out[3k + 2]. */
  readBone(human: H, bone: number, out: Float64Array, k: number): void;
}

export interface RainSlots {
  /** Drops what falls before step `stepIndex` (step 0 first: the scene starts with it). */
  drop(stepIndex: number): void;
  /** Writes every slot's bones from tracked body `k` on (the body list's tracked bodies first). */
  read(out: Float64Array, k: number): void;
}

/** The rain of `desc` on one engine; a scene without a spawn drops nothing and reads no slot. */
export function rainSlots<H>(desc: BodiesDesc, engine: RainEngine<H>): RainSlots {
  const spawn = desc.spawn;
  const slots: (H | null)[] = spawn === null ? [] : new Array<H | null>(spawn.slots.length / 2).fill(null);
  const bones = spawn?.template.bodies.length ?? 0;
  return {
    drop(stepIndex) {
      if (spawn === null) return;
      const column = rainColumnAt(stepIndex, spawn);
      if (column < 0) return;
      for (let r = 0; r < spawn.rows; r++) {
        for (let i = 0; i < spawn.groupSize; i++) {
          const slot = (r * spawn.columns + column) * spawn.groupSize + i;
          const old = slots[slot];
          if (old !== null && old !== undefined) engine.remove(old);
          // each human of a group in its own negative group: its parts pass through each other
          slots[slot] = engine.spawn(
            spawn.template,
            spawn.slots[2 * slot]!,
            spawn.slots[2 * slot + 1]!,
            -(i + 1),
          );
        }
      }
    },
    read(out, k) {
      for (const human of slots) {
        for (let i = 0; i < bones; i++, k++) {
          if (human !== null) engine.readBone(human, i, out, k);
          else {
            out[3 * k] = desc.tracked[2 * k]!;
            out[3 * k + 1] = desc.tracked[2 * k + 1]!;
            out[3 * k + 2] = 0;
          }
        }
      }
    },
  };
}
