import { type Body, Box, Circle, Edge, RevoluteJoint, World } from 'planck';
import type { BuiltScene, EngineAdapter } from '../engine';
import { DENSITY, FRICTION, GRAVITY_Y, type SceneDesc, TIME_STEP } from '../scenes';

/** Box2D v2.4's suggested iteration counts, which are also planck's defaults. */
const VELOCITY_ITERATIONS = 8;
const POSITION_ITERATIONS = 3;

export function planckAdapter(version: string): EngineAdapter {
  return {
    id: 'planck',
    name: `planck.js ${version}`,
    settings: `world.step(1/60, ${VELOCITY_ITERATIONS}, ${POSITION_ITERATIONS}) (planck's defaults, Box2D v2's suggested counts); warm starting, block solver and continuous physics on (defaults); sleep off`,
    build(desc: SceneDesc): BuiltScene {
      const world = new World({ gravity: { x: 0, y: GRAVITY_Y }, allowSleep: false });
      const tracked: Body[] = [];
      let tumbler: Body | null = null;
      const fixture = { density: DENSITY, friction: FRICTION };
      if (desc.kind === 'boxes') {
        const ground = world.createBody();
        for (const s of desc.statics) {
          if (s.type === 'box') ground.createFixture(new Box(s.hx, s.hy, { x: s.cx, y: s.cy }, 0), fixture);
          else ground.createFixture(new Edge({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }), fixture);
        }
        const box = new Box(desc.halfSize, desc.halfSize);
        for (let i = 0; i < desc.boxes.length; i += 2) {
          const body = world.createBody({
            type: 'dynamic',
            position: { x: desc.boxes[i]!, y: desc.boxes[i + 1]! },
          });
          body.createFixture(box, fixture);
          tracked.push(body);
        }
      } else if (desc.kind === 'jointGrid') {
        const circle = new Circle(desc.radius);
        const n = desc.pinned.length;
        for (let i = 0; i < n; i++) {
          const body = world.createBody({
            type: desc.pinned[i] === 1 ? 'static' : 'dynamic',
            position: { x: desc.positions[2 * i]!, y: desc.positions[2 * i + 1]! },
          });
          // the circles never collide with each other (Box2D's benchmark uses categories)
          body.createFixture(circle, { density: DENSITY, filterGroupIndex: -1 });
          tracked.push(body);
        }
        const j = desc.joints;
        for (let k = 0; k < j.length; k += 6) {
          world.createJoint(
            new RevoluteJoint({
              bodyA: tracked[j[k]!]!,
              bodyB: tracked[j[k + 1]!]!,
              localAnchorA: { x: j[k + 2]!, y: j[k + 3]! },
              localAnchorB: { x: j[k + 4]!, y: j[k + 5]! },
            }),
          );
        }
      } else {
        tumbler = world.createBody({
          type: 'kinematic',
          position: { x: desc.centerX, y: desc.centerY },
          angularVelocity: desc.angularSpeed,
        });
        for (const w of desc.walls) {
          tumbler.createFixture(new Box(w.hx, w.hy, { x: w.cx, y: w.cy }, 0), {
            density: 50,
            friction: FRICTION,
          });
        }
        const box = new Box(desc.halfSize, desc.halfSize);
        for (let i = 0; i < desc.boxes.length; i += 2) {
          const body = world.createBody({
            type: 'dynamic',
            position: { x: desc.boxes[i]!, y: desc.boxes[i + 1]! },
          });
          body.createFixture(box, fixture);
          tracked.push(body);
        }
      }
      const scene: BuiltScene = {
        step: () => world.step(TIME_STEP, VELOCITY_ITERATIONS, POSITION_ITERATIONS),
        readTransforms(out) {
          for (let i = 0; i < tracked.length; i++) {
            const p = tracked[i]!.getPosition();
            out[3 * i] = p.x;
            out[3 * i + 1] = p.y;
            out[3 * i + 2] = tracked[i]!.getAngle();
          }
        },
      };
      if (tumbler !== null) {
        const t = tumbler;
        scene.readTumbler = (out) => {
          const p = t.getPosition();
          out[0] = p.x;
          out[1] = p.y;
          out[2] = t.getAngle();
        };
      }
      return scene;
    },
  };
}
