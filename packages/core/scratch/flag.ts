import { World } from '../src/index.js';
import * as scenes from '../src/scenes/index.js';
import { expStats } from '../src/dynamics/contact_solver.js';
for (const name of ['pyramid40', 'tumbler', 'manyPyramids']) {
  const w = new World({ enableSleep: false });
  if (name === 'pyramid40') scenes.pyramidScene(w, 40);
  else if (name === 'tumbler') (scenes as any).tumblerScene(w);
  else (scenes as any).manyPyramidsScene(w);
  for (let s = 0; s < 60; s++) w.step(1 / 60, 4);
  expStats.flagged = 0;
  expStats.total = 0;
  for (let s = 0; s < 300; s++) w.step(1 / 60, 4);
  console.log(name, 'flagged fraction', (expStats.flagged / Math.max(1, expStats.total)).toFixed(4));
}
