import { describe, expect, it } from 'vitest';
import { BodyType, Capsule, Circle, makeOffsetBox, World } from '../../src';
import { updateMaxExtent } from '../../src/dynamics/body_mass';
import { worldStateOf } from '../../src/world';

/** The extents as the body holds them, then as a full pass over its shapes gives them. */
function extentsAgainstFullPass(world: World, body: number): [number[], number[]] {
  const w = worldStateOf(world);
  const held = [w.bodies.maxExtent[body]!, w.bodies.minExtent[body]!];
  updateMaxExtent(w, body);
  return [held, [w.bodies.maxExtent[body]!, w.bodies.minExtent[body]!]];
}

describe('body extents, shape by shape', () => {
  // createShape folds each new shape into the extents instead of visiting every shape of
  // the body again (a ground of thousands of boxes was quadratic to build)
  for (const type of [BodyType.Static, BodyType.Kinematic, BodyType.Dynamic]) {
    for (const updateBodyMass of [true, false]) {
      it(`match a full pass (type ${type}, updateBodyMass ${updateBodyMass})`, () => {
        const world = new World();
        const body = world.createBody({ type, position: { x: 3, y: -2 }, angle: 0.4 });
        const shapes: [number, number][] = [];
        for (let i = 0; i < 12; i++) {
          const x = (i % 5) - 2 + 0.25 * i;
          const y = Math.floor(i / 5) - 0.5;
          if (i % 3 === 0)
            world.createCircleShape(body, new Circle(x, y, 0.1 + 0.05 * i), { updateBodyMass });
          else if (i % 3 === 1)
            world.createCapsuleShape(body, new Capsule(x, y, x + 0.5, y + 0.3, 0.2), { updateBodyMass });
          else
            world.createPolygonShape(body, makeOffsetBox(0.3 + 0.1 * i, 0.2, x, y, 0.3 * i), {
              updateBodyMass,
            });
          const w = worldStateOf(world);
          const b = w.bodies.pool.resolve(body);
          const [held, full] = extentsAgainstFullPass(world, b);
          shapes.push([held[0]!, held[1]!]);
          expect(held).toEqual(full);
        }
        // the extents grew as shapes came: the fold saw each of them
        expect(shapes[11]![0]).toBeGreaterThan(shapes[0]![0]);
        expect(shapes[11]![1]).toBeLessThanOrEqual(shapes[0]![1]);
      });
    }
  }
});
