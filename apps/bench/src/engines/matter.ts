import Matter from 'matter-js';
import type { BuiltScene, EngineAdapter } from '../engine';
import { FRICTION, type SceneDesc, TIME_STEP } from '../scenes';

const { Bodies, Body, Composite, Constraint, Engine } = Matter;

/**
 * matter-js works in pixels with y down and a gravity of 0.001 px/ms² by default. At
 * 100 px a meter that default gravity is exactly 10 m/s², so the scenes are scaled by 100
 * and mirrored in y, and the engine keeps every default. Angles are mirrored too.
 */
export const PX_PER_M = 100;
const DELTA_MS = TIME_STEP * 1000;

/** Matter's own setAngle takes a third argument the type definitions leave out. */
const setAngle = Body.setAngle as (body: Matter.Body, angle: number, updateVelocity: boolean) => void;

export function matterAdapter(version: string): EngineAdapter {
  return {
    id: 'matter',
    name: `matter-js ${version}`,
    settings:
      'Engine.create() defaults (6 position, 4 velocity, 2 constraint iterations; sleeping off), Engine.update(engine, 1000/60); 100 px = 1 m so its default gravity is 10 m/s²; joints are Constraint length 0, stiffness 1',
    build(desc: SceneDesc): BuiltScene {
      const engine = Engine.create({ enableSleeping: false });
      const tracked: Matter.Body[] = [];
      const all: (Matter.Body | Matter.Constraint)[] = [];
      let tumbler: Matter.Body | null = null;
      const S = PX_PER_M;
      if (desc.kind === 'boxes') {
        for (const s of desc.statics) {
          if (s.type === 'box') {
            all.push(
              Bodies.rectangle(s.cx * S, -s.cy * S, 2 * s.hx * S, 2 * s.hy * S, {
                isStatic: true,
                friction: FRICTION,
              }),
            );
          } else {
            // a segment becomes a thin static box whose top face is the segment
            const t = 0.1;
            all.push(
              Bodies.rectangle(
                ((s.x1 + s.x2) / 2) * S,
                -(s.y1 - t) * S,
                Math.abs(s.x2 - s.x1) * S,
                2 * t * S,
                {
                  isStatic: true,
                  friction: FRICTION,
                },
              ),
            );
          }
        }
        const size = 2 * desc.halfSize * S;
        for (let i = 0; i < desc.boxes.length; i += 2) {
          const body = Bodies.rectangle(desc.boxes[i]! * S, -desc.boxes[i + 1]! * S, size, size, {
            friction: FRICTION,
          });
          tracked.push(body);
          all.push(body);
        }
      } else if (desc.kind === 'jointGrid') {
        const n = desc.pinned.length;
        for (let i = 0; i < n; i++) {
          const body = Bodies.circle(
            desc.positions[2 * i]! * S,
            -desc.positions[2 * i + 1]! * S,
            desc.radius * S,
            {
              isStatic: desc.pinned[i] === 1,
              collisionFilter: { group: -1 },
            },
          );
          tracked.push(body);
          all.push(body);
        }
        const j = desc.joints;
        for (let k = 0; k < j.length; k += 6) {
          all.push(
            Constraint.create({
              bodyA: tracked[j[k]!]!,
              bodyB: tracked[j[k + 1]!]!,
              pointA: { x: j[k + 2]! * S, y: -j[k + 3]! * S },
              pointB: { x: j[k + 4]! * S, y: -j[k + 5]! * S },
              length: 0,
              stiffness: 1,
            }),
          );
        }
      } else {
        const parts = desc.walls.map((w) =>
          Bodies.rectangle((desc.centerX + w.cx) * S, -(desc.centerY + w.cy) * S, 2 * w.hx * S, 2 * w.hy * S),
        );
        tumbler = Body.create({ parts, isStatic: true, friction: FRICTION });
        all.push(tumbler);
        const size = 2 * desc.halfSize * S;
        for (let i = 0; i < desc.boxes.length; i += 2) {
          const body = Bodies.rectangle(desc.boxes[i]! * S, -desc.boxes[i + 1]! * S, size, size, {
            friction: FRICTION,
          });
          tracked.push(body);
          all.push(body);
        }
      }
      Composite.add(engine.world, all);
      const t = tumbler;
      // a static body moved by hand with updateVelocity: matter's way to drive a kinematic body
      const spin = desc.kind === 'tumbler' ? desc.angularSpeed * TIME_STEP : 0;
      const scene: BuiltScene = {
        step:
          t === null
            ? () => Engine.update(engine, DELTA_MS)
            : () => {
                setAngle(t, t.angle - spin, true);
                Engine.update(engine, DELTA_MS);
              },
        readTransforms(out) {
          for (let i = 0; i < tracked.length; i++) {
            const b = tracked[i]!;
            out[3 * i] = b.position.x / S;
            out[3 * i + 1] = -b.position.y / S;
            out[3 * i + 2] = -b.angle;
          }
        },
      };
      if (t !== null) {
        scene.readTumbler = (out) => {
          out[0] = t.position.x / S;
          out[1] = -t.position.y / S;
          out[2] = -t.angle;
        };
      }
      return scene;
    },
  };
}
