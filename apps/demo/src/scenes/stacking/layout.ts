/**
 * The stacking scene's bodies as data (`useBodies` options): a pyramid, a house of cards
 * and a tower, laid out as the core's test scenes lay them out (`addPyramid` and
 * `cardHouseScene` in @impulse/core/scenes, which build into a World and so cannot be
 * React's), plus the ground they stand on.
 */
import type { BodyOptions, ShapeSpec } from '@impulse/react';

interface Point {
  x: number;
  y: number;
}

/** The ground: a static box 80 m wide whose top is y = 0. */
export const GROUND: BodyOptions = {
  type: 'static',
  position: { x: 0, y: -1 },
  shapes: [{ type: 'box', width: 80, height: 2 }],
};

/** A pyramid of base*(base+1)/2 touching 1 m boxes, its bottom row centred on `origin`. */
export function pyramid({ base, origin }: { base: number; origin: Point }): BodyOptions[] {
  const box: ShapeSpec[] = [{ type: 'box', width: 1, height: 1, friction: 0.6, density: 1 }];
  const out: BodyOptions[] = [];
  for (let row = 0; row < base; row++) {
    const count = base - row;
    const y = origin.y + row + 0.5;
    const x0 = origin.x - (count - 1) * 0.5;
    for (let i = 0; i < count; i++) out.push({ position: { x: x0 + i, y }, shapes: box });
  }
  return out;
}

/**
 * A house of cards as in Box2D v3's card-house sample: storeys of card pairs leaning 25
 * degrees from vertical with their tops touching, a flat card across each two neighbouring
 * pairs, each storey one pair narrower. The sample's layout (0.2 m half length, 0.175 m
 * pair spacing, cards set a few millimetres into the ground and below the flat cards, so
 * the house settles before it stands), scaled to the card length.
 */
export function cardHouse({
  halfLength,
  origin,
  storeys = 5,
}: {
  halfLength: number;
  origin: Point;
  storeys?: number;
}): BodyOptions[] {
  const scale = halfLength / 0.2;
  const card: ShapeSpec[] = [
    { type: 'box', width: 2 * 0.001 * scale, height: 2 * halfLength, friction: 0.7 },
  ];
  const lean = (25 * Math.PI) / 180;
  const spacing = 0.175 * scale;
  const out: BodyOptions[] = [];
  const add = (x: number, y: number, angle: number) =>
    out.push({ position: { x: origin.x + x, y: origin.y + y }, angle, shapes: card });
  let y = halfLength - 0.02 * scale;
  let x0 = 0;
  for (let pairs = storeys; pairs > 0; pairs--) {
    let x = x0;
    for (let i = 0; i < pairs; i++) {
      if (i !== pairs - 1) add(x + 0.25 * scale, y + halfLength - 0.015 * scale, 0.5 * Math.PI);
      add(x, y, -lean);
      x += spacing;
      add(x, y, lean);
      x += spacing;
    }
    y += 2 * halfLength - 0.03 * scale;
    x0 += spacing;
  }
  return out;
}

/** A column of `count` 1 m boxes standing on the ground at `x`. */
export function tower({ count, x }: { count: number; x: number }): BodyOptions[] {
  const box: ShapeSpec[] = [{ type: 'box', width: 1, height: 1, friction: 0.6 }];
  return Array.from({ length: count }, (_, i) => ({ position: { x, y: 0.5 + i }, shapes: box }));
}
