import { World } from '../src/index.js';
import * as scenes from '../src/scenes/index.js';
const w = new World({ enableSleep: false });
scenes.tumblerScene(w);
const k = w as any;
const flagged = 0,
  total = 0;
// reach into the state through the step: count via a patched relaxAgain is simpler
import * as cs from '../src/dynamics/contact_solver.js';
for (let s = 0; s < 420; s++) w.step(1 / 60, 4);
console.log('ok');
