import { World } from '../src/index';
import { pyramidScene } from '../src/scenes/index';
const world = new World({ contactHertz: 30, subSteps: 4 });
pyramidScene(world, 100);
const acc = { pairs: 0, collide: 0, solve: 0, sleep: 0, step: 0 };
let cpu0 = process.cpuUsage();
for (let i = 0; i < 180; i++) {
  if (i === 120) cpu0 = process.cpuUsage();
  world.step(1 / 60);
  if (i >= 120) {
    const p = world.getProfile() as any;
    for (const k in acc) (acc as any)[k] += p[k];
  }
}
const cpu = process.cpuUsage(cpu0);
console.log(
  Object.entries(acc)
    .map(([k, v]) => `${k} ${(v / 60).toFixed(2)}`)
    .join('  '),
  ` cpu ${((cpu.user + cpu.system) / 60000).toFixed(2)}`,
);
console.log(JSON.stringify(world.getCounters()), (world as any).core.constraints.count);
