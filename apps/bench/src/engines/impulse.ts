import { type BodyId, World } from '@impulse/core';
import { jointGridScene, manyPyramidsScene, pyramidScene, tumblerScene } from '@impulse/core/scenes';
import type { BuiltScene, EngineAdapter } from '../engine';
import { type SceneSpec, TIME_STEP } from '../scenes';

/**
 * Impulse at its defaults (4 sub-steps, contacts 40 Hz / damping ratio 10, joints 60 Hz /
 * ratio 2), built with the core's shared scene builders. Sleeping is off so every step
 * solves the whole scene, as in the peers.
 */
export function impulseAdapter(version: string): EngineAdapter {
  return {
    id: 'impulse',
    name: `Impulse ${version}`,
    settings: 'World defaults: dt 1/60, 4 sub-steps, contact 40 Hz / ζ 10, joint 60 Hz / ζ 2; sleep off',
    build(_desc, spec: SceneSpec): BuiltScene {
      const world = new World({ enableSleep: false });
      let tracked: BodyId[];
      let tumbler: BodyId | null = null;
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
      }
      const scene: BuiltScene = {
        step: () => world.step(TIME_STEP),
        readTransforms(out) {
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
