import { World } from '../src/index.js';
import * as scenes from '../src/scenes/index.js';
const w = new World();
scenes.mixedPileScene(w, 100);
let s = 0;
while (w.getCounters().awakeBodyCount > 0 && s < 5000) {
  w.step(1 / 60);
  s++;
}
console.log(s, w.stateHash());
