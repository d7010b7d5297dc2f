import { type Body, Box, Chain, Circle, Edge, Polygon, RevoluteJoint, type Shape, World } from 'planck';
import type { BuiltScene, EngineAdapter } from '../engine';
import { type BodiesDesc, DENSITY, FRICTION, GRAVITY_Y, type SceneDesc, TIME_STEP } from '../scenes';
import type { BodySpec, JointSpec, ShapeGeom } from '../scenes_box2d';
import { buildBodyList, trackedScene } from './adapter_kit';

/** Box2D v2.4's suggested iteration counts, which are also planck's defaults. */
const VELOCITY_ITERATIONS = 8;
const POSITION_ITERATIONS = 3;

export function planckAdapter(version: string): EngineAdapter {
  return {
    id: 'planck',
    name: `planck.js ${version}`,
    settings: `world.step(1/60, ${VELOCITY_ITERATIONS}, ${POSITION_ITERATIONS}) (planck's defaults, Box2D v2's suggested counts); warm starting, block solver and continuous physics on (defaults); sleep off`,
    build(desc: SceneDesc): BuiltScene {
      if (desc.kind === 'bodies') return buildBodies(desc);
      const world = new World({ gravity: { x: 0, y: GRAVITY_Y }, allowSleep: false });
      const tracked: Body[] = [];
      let tumbler: Body | null = null;
      const fixture = { density: DENSITY, friction: FRICTION };
      // the dynamic boxes of a box scene and of the tumbler
      const addBoxes = (d: { halfSize: number; boxes: ArrayLike<number> }): void => {
        const box = new Box(d.halfSize, d.halfSize);
        for (let i = 0; i < d.boxes.length; i += 2) {
          const body = world.createBody({
            type: 'dynamic',
            position: { x: d.boxes[i]!, y: d.boxes[i + 1]! },
          });
          body.createFixture(box, fixture);
          tracked.push(body);
        }
      };
      if (desc.kind === 'boxes') {
        const ground = world.createBody();
        for (const s of desc.statics) {
          if (s.type === 'box') ground.createFixture(new Box(s.hx, s.hy, { x: s.cx, y: s.cy }, 0), fixture);
          else ground.createFixture(new Edge({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }), fixture);
        }
        addBoxes(desc);
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
        addBoxes(desc);
      }
      return trackedScene(
        () => world.step(TIME_STEP, VELOCITY_ITERATIONS, POSITION_ITERATIONS),
        tracked,
        tumbler,
        readPose,
      );
    },
  };
}

/** Writes the body's x, y, angle at out[3k], out[3k + 1], out[3k + 2]. */
function readPose(b: Body, out: Float64Array, k: number): void {
  const p = b.getPosition();
  out[3 * k] = p.x;
  out[3 * k + 1] = p.y;
  out[3 * k + 2] = b.getAngle();
}

/**
 * planck's shapes for a described shape. planck has no capsule and no rounded polygon: a
 * capsule is a box and two circles on one body, a rounded polygon its mitred offset (a
 * little larger at the corners).
 */
function planckShapes(g: ShapeGeom): Shape[] {
  switch (g.type) {
    case 'circle':
      return [new Circle({ x: g.x, y: g.y }, g.radius)];
    case 'capsule': {
      const dx = g.x2 - g.x1;
      const dy = g.y2 - g.y1;
      const half = 0.5 * Math.hypot(dx, dy);
      const center = { x: 0.5 * (g.x1 + g.x2), y: 0.5 * (g.y1 + g.y2) };
      return [
        new Box(half, g.radius, center, Math.atan2(dy, dx)),
        new Circle({ x: g.x1, y: g.y1 }, g.radius),
        new Circle({ x: g.x2, y: g.y2 }, g.radius),
      ];
    }
    case 'polygon':
      return [new Polygon(offsetPolygon(g.points, g.radius))];
    case 'loop': {
      const v = [];
      for (let i = 0; i < g.points.length; i += 2) v.push({ x: g.points[i]!, y: g.points[i + 1]! });
      return [new Chain(v, true)];
    }
  }
}

/** A counter-clockwise convex polygon pushed out by r along its edge normals (mitred corners). */
export function offsetPolygon(points: number[], r: number): { x: number; y: number }[] {
  const n = points.length / 2;
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < n; i++) {
    const px = points[2 * i]!;
    const py = points[2 * i + 1]!;
    if (r === 0) {
      out.push({ x: px, y: py });
      continue;
    }
    const normal = (a: number, b: number): [number, number] => {
      const ex = points[2 * b]! - points[2 * a]!;
      const ey = points[2 * b + 1]! - points[2 * a + 1]!;
      const l = Math.hypot(ex, ey);
      return [ey / l, -ex / l];
    };
    const [ax, ay] = normal((i + n - 1) % n, i);
    const [bx, by] = normal(i, (i + 1) % n);
    const k = r / (1 + ax * bx + ay * by);
    out.push({ x: px + k * (ax + bx), y: py + k * (ay + by) });
  }
  return out;
}

/** Adds body `b` offset by (ox, oy); a `group` other than 0 replaces its shapes' group (a rain drop's). */
function addBody(world: World, b: BodySpec, ox: number, oy: number, group: number): Body {
  const body = world.createBody({
    type: b.dynamic ? 'dynamic' : 'static',
    position: { x: b.x + ox, y: b.y + oy },
    linearVelocity: { x: b.vx, y: 0 },
    linearDamping: b.linearDamping,
  });
  for (const s of b.shapes) {
    for (const shape of planckShapes(s.geom)) {
      body.createFixture(shape, {
        density: s.density,
        friction: s.friction,
        restitution: s.restitution,
        filterCategoryBits: s.category,
        filterMaskBits: s.mask,
        filterGroupIndex: group === 0 ? s.group : group,
      });
    }
  }
  return body;
}

/** planck has no joint spring: the described springs are left out (limits and friction motors stay). */
function addJoint(world: World, j: JointSpec, bodies: readonly Body[]): void {
  world.createJoint(
    new RevoluteJoint({
      bodyA: bodies[j.a]!,
      bodyB: bodies[j.b]!,
      localAnchorA: { x: j.ax, y: j.ay },
      localAnchorB: { x: j.bx, y: j.by },
      referenceAngle: j.referenceAngle,
      enableLimit: j.limit !== null,
      lowerAngle: j.limit?.lower ?? 0,
      upperAngle: j.limit?.upper ?? 0,
      enableMotor: j.motor !== null,
      motorSpeed: j.motor?.speed ?? 0,
      maxMotorTorque: j.motor?.maxTorque ?? 0,
    }),
  );
}

/** Rain, smash and spinner: the generic body list, and rain's drops between steps. */
function buildBodies(desc: BodiesDesc): BuiltScene {
  const world = new World({ gravity: { x: 0, y: desc.gravityY }, allowSleep: false });
  return buildBodyList<Body>(desc, {
    add: (b, ox, oy, group) => addBody(world, b, ox, oy, group),
    join: (j, bodies) => addJoint(world, j, bodies),
    remove: (b) => world.destroyBody(b),
    readPose,
    step: () => world.step(TIME_STEP, VELOCITY_ITERATIONS, POSITION_ITERATIONS),
  });
}
