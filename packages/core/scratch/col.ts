import { column } from './robust.js';
for (const size of [0.25, 0.5, 1, 2])
  for (const x0 of [0, 50000])
    for (const n of [3, 4]) {
      const r = column(n, size, x0);
      console.log(
        'n',
        n,
        'size',
        size,
        'x0',
        x0,
        'overshoot',
        r.overshoot.toFixed(5),
        'maxV',
        r.maxV.toFixed(2),
      );
    }
