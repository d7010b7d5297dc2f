import { World } from '../src/index';
import {
  pyramidScene,
  mixedPileScene,
  fuzzScene,
  manyPyramidsScene,
  packedCirclesScene,
} from '../src/scenes/index';
function run(name: string, build: (w: World) => void, steps: number) {
  const w = new World();
  build(w);
  let h = 0;
  for (let i = 0; i < steps; i++) {
    w.step(1 / 60);
    h = (Math.imul(h, 31) + w.stateHash()) >>> 0;
  }
  console.log(name, h, w.getCounters().awakeBodyCount);
}
run('pyr30', (w) => pyramidScene(w, 30), 200);
run('mixed300', (w) => mixedPileScene(w, 300), 400);
run('fuzz1', (w) => fuzzScene(w, 1), 300);
run('fuzz7', (w) => fuzzScene(w, 7), 300);
run('many', (w) => manyPyramidsScene(w, 4, 3, 8), 200);
run('circles', (w) => packedCirclesScene(w, 12), 200);
run('pyr100', (w) => pyramidScene(w, 100), 60);
