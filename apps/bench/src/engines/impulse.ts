import { type BodyId, World } from '@impulse/core';
import {
  HUMAN_BONES,
  jointGridScene,
  manyPyramidsScene,
  pyramidScene,
  rainScene,
  smashScene,
  spinnerScene,
  tumblerScene,
} from '@impulse/core/scenes';
import type { ContactKernelSource } from '@impulse/core/wasm';
import type { BuiltScene, EngineAdapter } from '../engine';
import type { RainScene } from '@impulse/core/scenes';
import { type SceneSpec, TIME_STEP } from '../scenes';

/**
 * Impulse at its defaults (4 sub-steps, contacts 40 Hz / damping ratio 10, joints 60 Hz /
 * ratio 2), built with the core's shared scene builders. Sleeping is off so every step
 * solves the whole scene, as in the peers. With `kernel` (`impulse-wasm`), the world runs its
 * contact sweeps in the WebAssembly kernel of `@impulse/core/wasm` (the same bits).
 */
export function impulseAdapter(version: string, kernel?: ContactKernelSource): EngineAdapter {
  return {
    id: kernel === undefined ? 'impulse' : 'impulse-wasm',
    name: kernel === undefined ? `Impulse ${version}` : `Impulse ${version} (WASM contact kernel)`,
    settings: `World defaults: dt 1/60, 4 sub-steps, contact 40 Hz / ζ 10, joint 60 Hz / ζ 2; sleep off${kernel === undefined ? '' : '; contactKernel: wasmContactKernel'}`,
    build(desc, spec: SceneSpec): BuiltScene {
      const world = new World(
        kernel === undefined ? { enableSleep: false } : { enableSleep: false, contactKernel: kernel },
      );
      let tracked: BodyId[];
      let tumbler: BodyId | null = null;
      // rain: the scene drops humans between steps, Box2D's StepRain before each step
      let update: ((stepIndex: number) => void) | null = null;
      let rainSlots: RainScene | null = null;
      switch (spec.kind) {
        case 'pyramid':
          tracked = pyramidScene(world, spec.base);
          break;
        case 'manyPyramids':
          tracked = manyPyramidsScene(world, spec.columns, spec.rows, spec.base);
          break;
        case 'jointGrid':
          tracked = jointGridScene(world, { rows: spec.rows, columns: spec.columns }).bodies;
          break;
        case 'tumbler': {
          const built = tumblerScene(world, spec.gridCount);
          tracked = built.boxes;
          tumbler = built.tumbler;
          break;
        }
        case 'rain': {
          const rain = rainScene(world, spec);
          rain.update(0);
          update = (i) => rain.update(i);
          rainSlots = rain;
          tracked = [];
          break;
        }
        case 'smash': {
          const built = smashScene(world, spec.columns, spec.rows);
          tracked = [built.smasher, ...built.boxes];
          break;
        }
        case 'spinner': {
          const built = spinnerScene(world, spec.bodyCount);
          tracked = [built.spinner, ...built.bodies];
          break;
        }
      }
      let stepIndex = 0;
      const rain = rainSlots;
      const start = desc.kind === 'bodies' ? desc.tracked : null;
      const scene: BuiltScene = {
        step:
          update === null
            ? () => world.step(TIME_STEP)
            : () => {
                world.step(TIME_STEP);
                update!(++stepIndex);
              },
        readTransforms(out) {
          if (rain !== null) {
            // every slot's bones; a slot not dropped yet at its start pose
            let k = 0;
            for (const human of rain.humans) {
              for (let b = 0; b < HUMAN_BONES.length; b++, k++) {
                if (human === null) {
                  out[3 * k] = start![2 * k]!;
                  out[3 * k + 1] = start![2 * k + 1]!;
                  out[3 * k + 2] = 0;
                } else {
                  const id = human.bodies[b]!;
                  const p = world.getBodyPosition(id);
                  out[3 * k] = p.x;
                  out[3 * k + 1] = p.y;
                  out[3 * k + 2] = world.getBodyAngle(id);
                }
              }
            }
            return;
          }
          for (let i = 0; i < tracked.length; i++) {
            const p = world.getBodyPosition(tracked[i]!);
            out[3 * i] = p.x;
            out[3 * i + 1] = p.y;
            out[3 * i + 2] = world.getBodyAngle(tracked[i]!);
          }
        },
      };
      if (tumbler !== null) {
        const t = tumbler;
        scene.readTumbler = (out) => {
          const p = world.getBodyPosition(t);
          out[0] = p.x;
          out[1] = p.y;
          out[2] = world.getBodyAngle(t);
        };
      }
      return scene;
    },
  };
}
