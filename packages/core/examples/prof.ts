import { World } from '../src/index';
import { pyramidScene } from '../src/scenes/index';
const base = Number(process.argv[2] ?? 40);
const world = new World();
let t = performance.now();
pyramidScene(world, base);
console.log('build', performance.now() - t);
for (let i = 0; i < Number(process.argv[3] ?? 20); i++) {
  t = performance.now();
  world.step(1 / 60);
  const p = world.getProfile();
  console.log(i, (performance.now() - t).toFixed(2), JSON.stringify(p));
}
