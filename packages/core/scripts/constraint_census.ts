/**
 * `npx tsx scripts/constraint_census.ts [spinner|smash|tumbler|rain|pyramid] [steps]`: after
 * `steps` steps (150), how the last step's contact constraints were laid out: overflow,
 * colours used, per colour one-point / paired two-point / unpaired two-point, and which
 * shape pairs touch the heaviest moving body (the spinner's paddle). Counts only; reads
 * the step's constraint graph (constraint_graph.ts) through the package's white-box reader.
 */
import { World, worldStateOf } from '../src/world';
import { rainScene, smashScene, spinnerScene, tumblerScene, pyramidScene } from '../src/scenes/index';

const [scene = 'spinner', stepsArg = '150'] = process.argv.slice(2);
const world = new World({ enableSleep: false });
let update: ((i: number) => void) | null = null;
if (scene === 'spinner') spinnerScene(world, 6076);
else if (scene === 'smash') smashScene(world, 120, 80);
else if (scene === 'tumbler') tumblerScene(world, 45);
else if (scene === 'pyramid') pyramidScene(world, 100);
else if (scene === 'rain') {
  const r = rainScene(world);
  r.update(0);
  update = (i) => r.update(i);
} else throw new Error(`constraint_census: unknown scene ${scene}`);
const steps = Number(stepsArg);
for (let i = 0; i < steps; i++) {
  world.step(1 / 60);
  if (update !== null) update(i + 1);
}
const w = worldStateOf(world);
const k = w.constraints;
const g = k.graph;
const meta = k.meta;
const n = k.count;
const COLOURS = 24;
const typeName = ['circle', 'capsule', 'segment', 'polygon', 'chain'];
const start = g.colourStart;
const overflow = start[0]!;
let used = 0;
let one = 0;
let paired = 0;
let unpaired = 0;
const rows: string[] = [];
for (let c = 0; c < COLOURS; c++) {
  const s = start[c]!;
  const e = start[c + 1]!;
  if (e === s) continue;
  used++;
  let o = 0;
  let p = 0;
  let u = 0;
  for (let i = s; i < e; i++) {
    const kind = meta[i * 4 + 2]!;
    if ((kind & 3) === 1) o++;
    else if ((kind & 4) !== 0) p += 2;
    else if (i > s && (meta[(i - 1) * 4 + 2]! & 4) !== 0) {
      // second of a pair: already counted
    } else u++;
  }
  one += o;
  paired += p;
  unpaired += u;
  rows.push(`  colour ${c}: ${e - s} (one ${o}, paired two ${p}, unpaired two ${u})`);
}
let ovOne = 0;
for (let i = 0; i < overflow; i++) if ((meta[i * 4 + 2]! & 3) === 1) ovOne++;
console.log(`${scene} step ${steps}: ${n} constraints, ${w.awakeBodyCount} awake bodies, ${used} colours`);
console.log(`overflow ${overflow} (one-point ${ovOne}, two-point ${overflow - ovOne})`);
console.log(`in colours: one-point ${one}, paired two-point ${paired}, unpaired two-point ${unpaired}`);
for (const r of rows) console.log(r);
// the body with the most constraints
const per = new Map<number, number>();
const stride = 8;
for (let i = 0; i < n; i++) {
  for (const o of [meta[i * 4]!, meta[i * 4 + 1]!]) {
    const b = o / stride;
    per.set(b, (per.get(b) ?? 0) + 1);
  }
}
let heavy = -1;
let most = 0;
for (const [b, m] of per) {
  if (w.bodies.invMass[b] !== 0 && m > most) {
    heavy = b;
    most = m;
  }
}
const shapes: Record<string, number> = {};
let heavyOverflow = 0;
const contacts = w.contacts;
for (let i = 0; i < n; i++) {
  const a = meta[i * 4]! / stride;
  const b = meta[i * 4 + 1]! / stride;
  const c = meta[i * 4 + 3]!;
  const ta = typeName[w.shapes.type[contacts.shapeA[c]!]!]!;
  const tb = typeName[w.shapes.type[contacts.shapeB[c]!]!]!;
  const pts = meta[i * 4 + 2]! & 3;
  const key = `${ta}-${tb} ${pts}p`;
  if (a === heavy || b === heavy) {
    shapes[`paddle ${key}`] = (shapes[`paddle ${key}`] ?? 0) + 1;
    if (i < overflow) heavyOverflow++;
  }
  shapes[key] = (shapes[key] ?? 0) + 1;
}
console.log(
  `body with most constraints: ${heavy}, ${most} (${heavyOverflow} in the overflow), mass ${1 / w.bodies.invMass[heavy]!}`,
);
for (const [key, v] of Object.entries(shapes).sort((x, y) => y[1] - x[1])) console.log(`  ${key}: ${v}`);
// the last relax pass's flags: the constraints relaxAgain ran one by one (solveOne)
let flagged = 0;
let flaggedTwo = 0;
for (let i = 0; i < n; i++) {
  if (k.relaxAgain[i] !== 0) {
    flagged++;
    if ((meta[i * 4 + 2]! & 3) === 2) flaggedTwo++;
  }
}
console.log(`relax-again flags of the last sub-step: ${flagged} (${flaggedTwo} two-point)`);
