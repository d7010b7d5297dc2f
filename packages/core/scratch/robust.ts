import { BodyType, World, makeBox, type BodyId } from '../src/index.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=')));
const hz = args.hz ? Number(args.hz) : undefined;
const sub = Number(args.sub ?? 4);

function world(): World {
  return new World({
    ...(hz !== undefined ? { contactHertz: hz } : {}),
    ...(args.push ? { maxContactPushSpeed: Number(args.push) } : {}),
    ...(args.zeta ? { contactDampingRatio: Number(args.zeta) } : {}),
    ...(args.nows ? { enableWarmStarting: false } : {}),
  });
}
function ground(w: World, half = 40) {
  const g = w.createBody({ position: { x: 0, y: -1 } });
  w.createPolygonShape(g, makeBox(half, 1), { friction: 0.7 });
}

export function column(n: number, size = 1, x0 = 0) {
  const w = world();
  const g = w.createBody({ position: { x: x0, y: -1 } });
  w.createPolygonShape(g, makeBox(40, 1));
  const h = size / 2;
  const ids: BodyId[] = [];
  for (let i = 0; i < n; i++) {
    const b = w.createBody({ type: BodyType.Dynamic, position: { x: x0, y: h + i * size * 0.75 } });
    w.createPolygonShape(b, makeBox(h, h));
    ids.push(b);
  }
  const top = ids[n - 1]!;
  let maxY = -Infinity;
  let maxV = 0;
  const ys: number[] = [];
  for (let s = 0; s < 600; s++) {
    w.step(1 / 60, sub);
    const y = w.getBodyPosition(top).y;
    ys.push(y);
    maxV = Math.max(maxV, w.getBodyLinearVelocity(top).y);
  }
  const rest = ys[ys.length - 1]!;
  // overshoot: highest point after first reaching within 1 mm of rest... use max - rest
  maxY = Math.max(...ys);
  return { overshoot: maxY - rest, maxV, rest, expected: h + (n - 1) * size };
}

export function cards(storeys = 5, gap = 0, P = 0.875) {
  const w = world();
  ground(w);
  const L = 0.5,
    t = 0.01,
    th = (25 * Math.PI) / 180;
  const card = makeBox(t, L);
  const flat = makeBox(L, t);
  const sd = { friction: 0.7, restitution: 0 };
  const reach = t * Math.cos(th) + L * Math.sin(th);
  const ids: BodyId[] = [];
  let base = 0;
  let z0 = 0;
  for (let nb = storeys; nb > 0; nb--) {
    base += gap;
    const yc = base + L * Math.cos(th) + t * Math.sin(th);
    const top = base + 2 * (L * Math.cos(th) + t * Math.sin(th)) + gap;
    for (let i = 0; i < nb; i++) {
      const x = z0 + i * P;
      const a = w.createBody({ type: BodyType.Dynamic, position: { x, y: yc }, angle: -th });
      w.createPolygonShape(a, card, sd);
      const b = w.createBody({ type: BodyType.Dynamic, position: { x: x + 2 * reach, y: yc }, angle: th });
      w.createPolygonShape(b, card, sd);
      ids.push(a, b);
      if (i !== nb - 1) {
        const f = w.createBody({
          type: BodyType.Dynamic,
          position: { x: x + reach + P / 2, y: top + t },
          angle: 0,
        });
        w.createPolygonShape(f, flat, sd);
        ids.push(f);
      }
    }
    base = top + 2 * t;
    z0 += P / 2;
  }
  const start = ids.map((b) => ({ ...w.getBodyPosition(b) }));
  let maxUp = 0;
  const fold = 0;
  for (let s = 0; s < 600; s++) {
    w.step(1 / 60, sub);
    if (s > 30) for (const b of ids) maxUp = Math.max(maxUp, w.getBodyLinearVelocity(b).y);
    if (args.trace && s % Number(args.every ?? 2) === 0 && s < Number(args.until ?? 1e9)) {
      const f = ids[2]!,
        ta = ids[ids.length - 2]!,
        tb = ids[ids.length - 1]!;
      const pa = w.getBodyPosition(ta),
        pb = w.getBodyPosition(tb);
      const buf = new Float64Array(600);
      const np = w.readContactPoints(buf);
      for (let q = 0; q < np; q++) {
        const o = q * 6;
        if (buf[o + 1]! > 1.5 || (args.feet && buf[o + 1]! > 0.9 && buf[o + 1]! < 1.0))
          console.log(
            '   pt',
            buf[o]!.toFixed(4),
            buf[o + 1]!.toFixed(4),
            'n',
            buf[o + 2]!.toFixed(3),
            buf[o + 3]!.toFixed(3),
            'imp',
            buf[o + 4]!.toFixed(4),
            'sep',
            buf[o + 5]!.toFixed(5),
          );
      }
      console.log(
        s,
        'flat y',
        w.getBodyPosition(f).y.toFixed(4),
        'vy',
        w.getBodyLinearVelocity(f).y.toFixed(3),
        'top y',
        pa.y.toFixed(4),
        'vy',
        w.getBodyLinearVelocity(ta).y.toFixed(3),
        'spread',
        (pb.x - pa.x - 2 * reach).toFixed(4),
        'bot vy',
        w.getBodyLinearVelocity(ids[0]!).y.toFixed(3),
      );
    }
    if (s === 59)
      ids.forEach((b, i) => {
        start[i] = { ...w.getBodyPosition(b) };
      });
  }
  let worst = 0;
  ids.forEach((b, i) => {
    const p = w.getBodyPosition(b);
    worst = Math.max(worst, Math.hypot(p.x - start[i]!.x, p.y - start[i]!.y));
  });
  return { worst: +worst.toFixed(4), maxUp: +maxUp.toFixed(3), count: ids.length };
}

for (const n of [3, 4, 5, 6, 8]) console.log('column', n, JSON.stringify(column(n)));
console.log('column 10 far', JSON.stringify(column(10, 1, 50000)));
console.log('column 10 small', JSON.stringify(column(10, 0.2)));
if (args.one) {
  const [st, gap, P] = args.one.split(',').map(Number);
  console.log(JSON.stringify(cards(st, gap, P)));
}
if (args.cards)
  for (const st of [2, 3, 4, 5, 6])
    for (const gap of [0, 0.005, 0.02, 0.05])
      for (const P of [0.875, 0.9]) {
        const r = cards(st, gap, P);
        console.log('cards', st, gap, P, r.worst > 0.05 ? 'FAIL' : 'ok  ', JSON.stringify(r));
      }

import * as scenes from '../src/scenes/index.js';
if (args.pyr) {
  const w = world();
  const ids = scenes.pyramidScene(w, 100);
  const x0 = ids.map((b) => w.getBodyPosition(b).x);
  const apex = ids[ids.length - 1]!;
  const y0 = w.getBodyPosition(apex).y;
  let peak = 0;
  for (let i = 0; i < Number(args.pyr); i++) {
    w.step(1 / 60, sub);
    peak = Math.max(peak, y0 - w.getBodyPosition(apex).y);
  }
  let side = 0;
  ids.forEach((b, k) => {
    side = Math.max(side, Math.abs(w.getBodyPosition(b).x - x0[k]!));
  });
  console.log(
    'pyramid100',
    JSON.stringify({
      sink: y0 - w.getBodyPosition(apex).y,
      peak,
      side,
      awake: w.getCounters().awakeBodyCount,
    }),
  );
}

export function box2dCards(scale = 1) {
  const w = world();
  const g = w.createBody({ position: { x: 0, y: -2 * scale } });
  const sd = { friction: 0.7 };
  w.createPolygonShape(g, makeBox(40 * scale, 2 * scale), sd);
  const cardHeight = 0.2 * scale,
    thick = 0.001 * scale * Number(args.thick ?? 1);
  const a0 = (25 * Math.PI) / 180,
    a1 = -a0,
    a2 = Math.PI / 2;
  const card = makeBox(thick, cardHeight);
  const ids: BodyId[] = [];
  let nb = 5,
    z0 = 0,
    y = cardHeight - 0.02 * scale;
  while (nb !== 0) {
    let z = z0;
    for (let i = 0; i < nb; i++) {
      if (i !== nb - 1) {
        const b = w.createBody({
          type: BodyType.Dynamic,
          position: { x: z + 0.25 * scale, y: y + cardHeight - 0.015 * scale },
          angle: a2,
        });
        w.createPolygonShape(b, card, sd);
        ids.push(b);
      }
      let b = w.createBody({ type: BodyType.Dynamic, position: { x: z, y }, angle: a1 });
      w.createPolygonShape(b, card, sd);
      ids.push(b);
      z += 0.175 * scale;
      b = w.createBody({ type: BodyType.Dynamic, position: { x: z, y }, angle: a0 });
      w.createPolygonShape(b, card, sd);
      ids.push(b);
      z += 0.175 * scale;
    }
    y += cardHeight * 2 - 0.03 * scale;
    z0 += 0.175 * scale;
    nb--;
  }
  const start = ids.map((b) => ({ ...w.getBodyPosition(b) }));
  let maxUp = 0;
  for (let s = 0; s < 600; s++) {
    w.step(1 / 60, sub);
    if (s > 30) for (const b of ids) maxUp = Math.max(maxUp, w.getBodyLinearVelocity(b).y);
  }
  let worst = 0;
  ids.forEach((b, i) => {
    const p = w.getBodyPosition(b);
    worst = Math.max(worst, Math.hypot(p.x - start[i]!.x, p.y - start[i]!.y));
  });
  return { worst: +worst.toFixed(4), maxUp: +maxUp.toFixed(3) };
}
if (args.b2)
  for (const sc of [0.5, 1, 1.5, 2, 2.5])
    for (const th of [1, 3])
      console.log(
        'b2cards scale',
        sc,
        'thick',
        th,
        JSON.stringify(((args.thick = String(th)), box2dCards(sc))),
      );
