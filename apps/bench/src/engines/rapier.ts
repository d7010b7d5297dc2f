import type RAPIER_TYPES from '@dimforge/rapier2d-compat';
import type { BuiltScene, EngineAdapter } from '../engine';
import { DENSITY, FRICTION, GRAVITY_Y, type SceneDesc, TIME_STEP } from '../scenes';

/** The module of @dimforge/rapier2d-compat (the SIMD build has the same API for what we use). */
export type RapierModule = typeof RAPIER_TYPES;

/** Circles of the joint grid: member of group 2, colliding with everything but group 2. */
const GRID_GROUPS = (0x0002 << 16) | 0xfffd;

/**
 * Rapier at its defaults (dt 1/60, 4 solver iterations, 1 internal PGS iteration, friction
 * combined by average — the same 0.6 here), sleep off.
 */
export function rapierAdapter(R: RapierModule, id: string, name: string): EngineAdapter {
  return {
    id,
    name,
    settings:
      'World defaults: timestep 1/60, numSolverIterations 4, numInternalPgsIterations 1, CCD off; canSleep false; joints JointData.revolute',
    build(desc: SceneDesc): BuiltScene {
      const world = new R.World({ x: 0, y: GRAVITY_Y });
      world.timestep = TIME_STEP;
      const tracked: RAPIER_TYPES.RigidBody[] = [];
      let tumbler: RAPIER_TYPES.RigidBody | null = null;
      const dynamicAt = (x: number, y: number): RAPIER_TYPES.RigidBody =>
        world.createRigidBody(R.RigidBodyDesc.dynamic().setTranslation(x, y).setCanSleep(false));
      if (desc.kind === 'boxes') {
        const ground = world.createRigidBody(R.RigidBodyDesc.fixed());
        for (const s of desc.statics) {
          const c =
            s.type === 'box'
              ? R.ColliderDesc.cuboid(s.hx, s.hy).setTranslation(s.cx, s.cy)
              : R.ColliderDesc.segment({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 });
          world.createCollider(c.setFriction(FRICTION), ground);
        }
        for (let i = 0; i < desc.boxes.length; i += 2) {
          const body = dynamicAt(desc.boxes[i]!, desc.boxes[i + 1]!);
          world.createCollider(
            R.ColliderDesc.cuboid(desc.halfSize, desc.halfSize).setDensity(DENSITY).setFriction(FRICTION),
            body,
          );
          tracked.push(body);
        }
      } else if (desc.kind === 'jointGrid') {
        const n = desc.pinned.length;
        for (let i = 0; i < n; i++) {
          const x = desc.positions[2 * i]!;
          const y = desc.positions[2 * i + 1]!;
          const body =
            desc.pinned[i] === 1
              ? world.createRigidBody(R.RigidBodyDesc.fixed().setTranslation(x, y))
              : dynamicAt(x, y);
          world.createCollider(
            R.ColliderDesc.ball(desc.radius).setDensity(DENSITY).setCollisionGroups(GRID_GROUPS),
            body,
          );
          tracked.push(body);
        }
        const j = desc.joints;
        for (let k = 0; k < j.length; k += 6) {
          const data = R.JointData.revolute({ x: j[k + 2]!, y: j[k + 3]! }, { x: j[k + 4]!, y: j[k + 5]! });
          world.createImpulseJoint(data, tracked[j[k]!]!, tracked[j[k + 1]!]!, true);
        }
      } else {
        tumbler = world.createRigidBody(
          R.RigidBodyDesc.kinematicVelocityBased()
            .setTranslation(desc.centerX, desc.centerY)
            .setAngvel(desc.angularSpeed)
            .setCanSleep(false),
        );
        for (const w of desc.walls) {
          world.createCollider(
            R.ColliderDesc.cuboid(w.hx, w.hy).setTranslation(w.cx, w.cy).setDensity(50).setFriction(FRICTION),
            tumbler,
          );
        }
        for (let i = 0; i < desc.boxes.length; i += 2) {
          const body = dynamicAt(desc.boxes[i]!, desc.boxes[i + 1]!);
          world.createCollider(
            R.ColliderDesc.cuboid(desc.halfSize, desc.halfSize).setDensity(DENSITY).setFriction(FRICTION),
            body,
          );
          tracked.push(body);
        }
      }
      const scene: BuiltScene = {
        step: () => world.step(),
        readTransforms(out) {
          for (let i = 0; i < tracked.length; i++) {
            const p = tracked[i]!.translation();
            out[3 * i] = p.x;
            out[3 * i + 1] = p.y;
            out[3 * i + 2] = tracked[i]!.rotation();
          }
        },
      };
      if (tumbler !== null) {
        const t = tumbler;
        scene.readTumbler = (out) => {
          const p = t.translation();
          out[0] = p.x;
          out[1] = p.y;
          out[2] = t.rotation();
        };
      }
      return scene;
    },
  };
}
