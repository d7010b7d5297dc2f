import { World } from '../src/index';
import { pyramidScene } from '../src/scenes/index';
const base = Number(process.argv[2] ?? 100);
const hz = Number(process.argv[3] ?? 30);
const steps = Number(process.argv[4] ?? 180);
const sub = Number(process.argv[5] ?? 4);
const world = new World({ contactHertz: hz, subSteps: sub, enableProfile: true });
const boxes = pyramidScene(world, base);
const start = boxes.map((b) => world.getBodyPosition(b));
let ms = 0;
let cpu0 = process.cpuUsage();
for (let i = 0; i < steps; i++) {
  if (i === steps - 60) cpu0 = process.cpuUsage();
  world.step(1 / 60);
  if (i >= steps - 60) ms += world.getProfile().step;
}
const cpu = process.cpuUsage(cpu0);
let maxDx = 0;
let maxDy = 0;
for (let i = 0; i < boxes.length; i++) {
  const p = world.getBodyPosition(boxes[i]!);
  maxDx = Math.max(maxDx, Math.abs(p.x - start[i]!.x));
  maxDy = Math.max(maxDy, Math.abs(p.y - start[i]!.y));
}
const apex = boxes[boxes.length - 1]!;
console.log(
  `base ${base} hz ${hz} sub ${sub}: maxDx ${maxDx.toFixed(4)} maxDy ${maxDy.toFixed(4)} apexDy ${(world.getBodyPosition(apex).y - start[boxes.length - 1]!.y).toFixed(4)} awake ${world.getCounters().awakeBodyCount} ms/step(last60) ${(ms / 60).toFixed(2)} cpu ${((cpu.user + cpu.system) / 1000 / 60).toFixed(2)}`,
);
