import { BodyType, World, makeBox } from '../src/index.js';
import { addGround, addPyramid, cardHouseScene } from '../src/scenes/index.js';
const w = new World();
addGround(w, 40);
addPyramid(w, { base: 15, origin: { x: -6, y: 0 } });
const ids = cardHouseScene(w, { halfLength: 0.5, origin: { x: 2.6, y: 0 }, ground: false });
for (let s = 0; s < 300; s++) w.step(1 / 60, 4);
const start = ids.map((b) => w.getBodyPosition(b));
for (const b of ids) w.setBodyAwake(b, true);
for (let s = 0; s < 600; s++) w.step(1 / 60, Number(process.argv[2]));
let worst = 0;
ids.forEach((b, k) => {
  const p = w.getBodyPosition(b);
  worst = Math.max(worst, Math.hypot(p.x - start[k]!.x, p.y - start[k]!.y));
});
console.log('then sub', process.argv[2], 'house worst', worst.toFixed(4));
