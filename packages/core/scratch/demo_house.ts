import { BodyType, World, makeBox } from '../src/index.js';
import { addGround, addPyramid, cardHouseScene } from '../src/scenes/index.js';
for (const sub of [4, 2, 8]) {
  const w = new World();
  addGround(w, 40);
  addPyramid(w, { base: 15, origin: { x: -6, y: 0 } });
  const ids = cardHouseScene(w, { halfLength: 0.5, origin: { x: 2.6, y: 0 }, ground: false });
  for (let i = 0; i < 16; i++) {
    const b = w.createBody({ type: BodyType.Dynamic, position: { x: 10, y: 0.5 + i } });
    w.createPolygonShape(b, makeBox(0.5, 0.5), { friction: 0.6 });
  }
  const start = ids.map((b) => w.getBodyPosition(b));
  for (let s = 0; s < 600; s++) w.step(1 / 60, sub);
  let worst = 0;
  ids.forEach((b, k) => {
    const p = w.getBodyPosition(b);
    worst = Math.max(worst, Math.hypot(p.x - start[k]!.x, p.y - start[k]!.y));
  });
  console.log('sub', sub, 'house worst', worst.toFixed(4), 'awake', w.getCounters().awakeBodyCount);
}
