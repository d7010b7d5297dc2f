import { World } from '../src/index.js';
import * as scenes from '../src/scenes/index.js';
const zeta = Number(process.argv[2]);
for (const name of ['pyramid100', 'mixed100', 'pyramid20']) {
  const w = new World({ contactDampingRatio: zeta });
  if (name === 'pyramid100') scenes.pyramidScene(w, 100);
  else if (name === 'pyramid20') scenes.pyramidScene(w, 20);
  else scenes.mixedPileScene(w, 100);
  let s = 0;
  for (; s < 1800; s++) {
    w.step(1 / 60, 4);
    if (w.getCounters().awakeBodyCount === 0) break;
  }
  console.log('zeta', zeta, name, 'asleep at', (s / 60).toFixed(2), 's');
}
