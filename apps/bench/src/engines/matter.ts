import Matter from 'matter-js';
import type { BuiltScene, EngineAdapter } from '../engine';
import { type BodiesDesc, FRICTION, type SceneDesc, TIME_STEP } from '../scenes';
import type { BodySpec, JointSpec, ShapeSpec } from '../scenes_box2d';
import { rainSlots, trackedScene } from './adapter_kit';

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
      if (desc.kind === 'bodies') return buildBodies(desc);
      const engine = Engine.create({ enableSleeping: false });
      const tracked: Matter.Body[] = [];
      const all: (Matter.Body | Matter.Constraint)[] = [];
      let tumbler: Matter.Body | null = null;
      const S = PX_PER_M;
      // the dynamic boxes of a box scene and of the tumbler
      const addBoxes = (d: { halfSize: number; boxes: ArrayLike<number> }): void => {
        const size = 2 * d.halfSize * S;
        for (let i = 0; i < d.boxes.length; i += 2) {
          const body = Bodies.rectangle(d.boxes[i]! * S, -d.boxes[i + 1]! * S, size, size, {
            friction: FRICTION,
          });
          tracked.push(body);
          all.push(body);
        }
      };
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
        addBoxes(desc);
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
        addBoxes(desc);
      }
      Composite.add(engine.world, all);
      const t = tumbler;
      // a static body moved by hand with updateVelocity: matter's way to drive a kinematic body
      const spin = desc.kind === 'tumbler' ? desc.angularSpeed * TIME_STEP : 0;
      const step =
        t === null
          ? () => Engine.update(engine, DELTA_MS)
          : () => {
              setAngle(t, t.angle - spin, true);
              Engine.update(engine, DELTA_MS);
            };
      return trackedScene(step, tracked, t, readPose);
    },
  };
}

/** Writes a (single-part) body's x, y, angle at out[3k], out[3k + 1], out[3k + 2], in meters, y up. */
function readPose(b: Matter.Body, out: Float64Array, k: number): void {
  out[3 * k] = b.position.x / PX_PER_M;
  out[3 * k + 1] = -b.position.y / PX_PER_M;
  out[3 * k + 2] = -b.angle;
}

/** matter's density per px² for a density of 1 kg/m² (its default, 0.001): only ratios matter. */
const MATTER_DENSITY = 0.001;

/** One matter part (pixels, y down) for a described shape of a body at (x, y) meters. */
function matterPart(s: ShapeSpec, x: number, y: number, isStatic: boolean): Matter.Body {
  const S = PX_PER_M;
  const g = s.geom;
  const opts = {
    isStatic,
    friction: s.friction,
    restitution: s.restitution,
    density: s.density * MATTER_DENSITY,
    collisionFilter: { category: s.category, mask: s.mask, group: s.group },
  };
  switch (g.type) {
    case 'circle':
      return Bodies.circle((x + g.x) * S, -(y + g.y) * S, g.radius * S, opts);
    case 'capsule': {
      // a rectangle with fully rounded corners is a capsule
      const dx = g.x2 - g.x1;
      const dy = g.y2 - g.y1;
      const len = Math.hypot(dx, dy);
      const r = g.radius * S;
      return Bodies.rectangle(
        (x + 0.5 * (g.x1 + g.x2)) * S,
        -(y + 0.5 * (g.y1 + g.y2)) * S,
        len * S + 2 * r,
        2 * r,
        {
          ...opts,
          angle: -Math.atan2(dy, dx),
          chamfer: { radius: r * 0.999 },
        },
      );
    }
    case 'polygon': {
      const pts = g.points;
      let cx = 0;
      let cy = 0;
      const n = pts.length / 2;
      for (let i = 0; i < n; i++) {
        cx += pts[2 * i]! / n;
        cy += pts[2 * i + 1]! / n;
      }
      if (g.radius > 0 && n === 4) {
        // a rounded box (the spinner's paddle)
        const w = (Math.abs(pts[2]! - pts[0]!) + 2 * g.radius) * S;
        const h = (Math.abs(pts[5]! - pts[3]!) + 2 * g.radius) * S;
        return Bodies.rectangle((x + cx) * S, -(y + cy) * S, w, h, {
          ...opts,
          chamfer: { radius: g.radius * S },
        });
      }
      // fromVertices centres the hull on its centroid; its rounding (a foot's 1.5 cm) is left out
      const verts = [];
      for (let i = n - 1; i >= 0; i--) verts.push({ x: pts[2 * i]! * S, y: -pts[2 * i + 1]! * S });
      return Bodies.fromVertices((x + cx) * S, -(y + cy) * S, [verts], opts);
    }
    case 'loop':
      throw new Error('matterPart: a loop is made of static segments (matterLoop)');
  }
}

/** A closed chain as thin static boxes, 0.2 m thick, on the solid side of each segment. */
function matterLoop(s: ShapeSpec, x: number, y: number): Matter.Body[] {
  if (s.geom.type !== 'loop') throw new Error('matterLoop: not a loop');
  const p = s.geom.points;
  const n = p.length / 2;
  const S = PX_PER_M;
  const t = 0.2;
  const out: Matter.Body[] = [];
  for (let i = 0; i < n; i++) {
    const ax = p[2 * i]!;
    const ay = p[2 * i + 1]!;
    const bx = p[2 * ((i + 1) % n)]!;
    const by = p[2 * ((i + 1) % n) + 1]!;
    const len = Math.hypot(bx - ax, by - ay);
    // the right-hand normal of a -> b points into the solid side
    const nx = (by - ay) / len;
    const ny = -(bx - ax) / len;
    const cx = x + 0.5 * (ax + bx) + 0.5 * t * nx;
    const cy = y + 0.5 * (ay + by) + 0.5 * t * ny;
    out.push(
      Bodies.rectangle(cx * S, -cy * S, len * S, t * S, {
        isStatic: true,
        friction: s.friction,
        angle: -Math.atan2(by - ay, bx - ax),
      }),
    );
  }
  return out;
}

/** A described body: its matter body (a compound for several shapes) and its origin's offset from it. */
interface MatterBody {
  body: Matter.Body;
  /** The described origin's offset from the matter body at creation (pixels), to read positions back. */
  ox: number;
  oy: number;
  /** matter's angle at creation (a capsule part is a turned rectangle): the described body's zero. */
  a0: number;
}

function addBody(
  all: (Matter.Body | Matter.Constraint)[],
  b: BodySpec,
  ox: number,
  oy: number,
  group: number,
): MatterBody[] {
  const x = b.x + ox;
  const y = b.y + oy;
  const shapes = b.shapes.map((s) => (group === 0 ? s : { ...s, group }));
  if (!b.dynamic) {
    // static shapes stay separate bodies (one compound of 2,505 parts is slow to build)
    const out: MatterBody[] = [];
    for (const s of shapes) {
      for (const body of s.geom.type === 'loop' ? matterLoop(s, x, y) : [matterPart(s, x, y, true)]) {
        all.push(body);
        out.push({
          body,
          ox: x * PX_PER_M - body.position.x,
          oy: -y * PX_PER_M - body.position.y,
          a0: body.angle,
        });
      }
    }
    return out;
  }
  const parts = shapes.map((s) => matterPart(s, x, y, false));
  const body = parts.length === 1 ? parts[0]! : Body.create({ parts, friction: shapes[0]!.friction });
  if (b.vx !== 0) Body.setVelocity(body, { x: b.vx * PX_PER_M * TIME_STEP, y: 0 });
  all.push(body);
  return [{ body, ox: x * PX_PER_M - body.position.x, oy: -y * PX_PER_M - body.position.y, a0: body.angle }];
}

/** matter has no joint limits, motors or springs: a revolute joint is a stiff zero-length constraint. */
function addJoint(
  all: (Matter.Body | Matter.Constraint)[],
  j: JointSpec,
  bodies: readonly MatterBody[],
): void {
  const S = PX_PER_M;
  const a = bodies[j.a]!;
  const b = bodies[j.b]!;
  all.push(
    Constraint.create({
      bodyA: a.body,
      bodyB: b.body,
      pointA: { x: j.ax * S + a.ox, y: -j.ay * S + a.oy },
      pointB: { x: j.bx * S + b.ox, y: -j.by * S + b.oy },
      length: 0,
      stiffness: 1,
    }),
  );
}

/**
 * Rain, smash and spinner: the generic body list, and rain's drops between steps. The
 * spinner's motor is its paddle's angular velocity, set before each update.
 */
function buildBodies(desc: BodiesDesc): BuiltScene {
  const engine = Engine.create({ enableSleeping: false });
  engine.gravity.y = desc.gravityY === 0 ? 0 : 1;
  const all: (Matter.Body | Matter.Constraint)[] = [];
  const made = desc.bodies.map((b) => addBody(all, b, 0, 0, 0));
  const bodies = made.map((m) => m[0]!);
  const motors: { body: Matter.Body; speed: number }[] = [];
  for (const j of desc.joints) {
    if (j.motor !== null && j.motor.maxTorque >= 1e12)
      motors.push({ body: bodies[j.b]!.body, speed: j.motor.speed });
    addJoint(all, j, bodies);
  }
  Composite.add(engine.world, all);
  const tracked = bodies.filter((_, i) => desc.bodies[i]!.dynamic);
  const read = (m: MatterBody, out: Float64Array, k: number): void => {
    const turn = m.body.angle - m.a0;
    const c = Math.cos(turn);
    const s = Math.sin(turn);
    out[3 * k] = (m.body.position.x + c * m.ox - s * m.oy) / PX_PER_M;
    out[3 * k + 1] = -(m.body.position.y + s * m.ox + c * m.oy) / PX_PER_M;
    out[3 * k + 2] = -turn;
  };
  const rain = rainSlots<{ bodies: MatterBody[]; items: (Matter.Body | Matter.Constraint)[] }>(desc, {
    spawn(template, x, y, group) {
      const items: (Matter.Body | Matter.Constraint)[] = [];
      const human = template.bodies.map((b) => addBody(items, b, x, y, group)[0]!);
      for (const j of template.joints) addJoint(items, j, human);
      Composite.add(engine.world, items);
      return { bodies: human, items };
    },
    remove: (human) => Composite.remove(engine.world, human.items),
    readBone: (human, bone, out, k) => read(human.bodies[bone]!, out, k),
  });
  rain.drop(0);
  let stepIndex = 0;
  return {
    step: () => {
      for (const m of motors) Body.setAngularVelocity(m.body, -m.speed * TIME_STEP);
      Engine.update(engine, DELTA_MS);
      rain.drop(++stepIndex);
    },
    readTransforms(out) {
      for (let k = 0; k < tracked.length; k++) read(tracked[k]!, out, k);
      rain.read(out, tracked.length);
    },
  };
}
