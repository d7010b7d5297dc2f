import { BodyType, World, makeBox, type BodyId } from '../src/index.js';
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=')));
const sub = Number(args.sub ?? 4);
const gap = Number(args.gap ?? 0.02);
const w = new World({
  ...(args.hz ? { contactHertz: Number(args.hz) } : {}),
  ...(args.zeta ? { contactDampingRatio: Number(args.zeta) } : {}),
});
const g = w.createBody({ position: { x: 0, y: -1 } });
const sd = { friction: 0.7, restitution: 0 };
w.createPolygonShape(g, makeBox(40, 1), sd);
const L = 0.5,
  t = 0.01,
  th = (25 * Math.PI) / 180;
const reach = t * Math.cos(th) + L * Math.sin(th);
const yc = gap + L * Math.cos(th) + t * Math.sin(th);
const a = w.createBody({ type: BodyType.Dynamic, position: { x: 0, y: yc }, angle: -th });
w.createPolygonShape(a, makeBox(t, L), sd);
const b = w.createBody({ type: BodyType.Dynamic, position: { x: 2 * reach, y: yc }, angle: th });
w.createPolygonShape(b, makeBox(t, L), sd);
for (let s = 0; s < Number(args.steps ?? 60); s++) {
  w.step(1 / 60, sub);
  const pa = w.getBodyPosition(a),
    va = w.getBodyLinearVelocity(a);
  const pb = w.getBodyPosition(b);
  if (s % Number(args.every ?? 2) === 0)
    console.log(
      s,
      'ya',
      pa.y.toFixed(4),
      'vya',
      va.y.toFixed(3),
      'spread',
      (pb.x - pa.x - 2 * reach).toFixed(4),
      'angA',
      ((w.getBodyAngle(a) * 180) / Math.PI).toFixed(2),
      'awake',
      w.isBodyAwake(a),
    );
}
