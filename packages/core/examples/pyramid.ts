/**
 * A headless example: build a pyramid, step it, and print how it settles.
 * Run with `pnpm start` from the repository root.
 */
import { World } from '../src/index';
import { pyramidScene } from '../src/scenes/index';

const base = Number(process.argv[2] ?? 20);
const world = new World({ enableProfile: true });
const boxes = pyramidScene(world, base);
const start = boxes.map((b) => world.getBodyPosition(b));
const apex = boxes[boxes.length - 1]!;

console.log(`Impulse: a pyramid of ${boxes.length} boxes (base ${base}), stepped at 60 Hz with 4 sub-steps`);
console.log(' time  awake  contacts  apex y    max drift  ms/step');
let totalMs = 0;
for (let stepIndex = 1; stepIndex <= 600; stepIndex++) {
  world.step(1 / 60);
  totalMs += world.getProfile().step;
  if (stepIndex % 60 === 0) {
    let drift = 0;
    for (let i = 0; i < boxes.length; i++) {
      const p = world.getBodyPosition(boxes[i]!);
      drift = Math.max(drift, Math.hypot(p.x - start[i]!.x, p.y - start[i]!.y));
    }
    const c = world.getCounters();
    console.log(
      `${(stepIndex / 60).toFixed(0).padStart(4)} s ${String(c.awakeBodyCount).padStart(6)} ${String(c.touchingContactCount).padStart(9)}  ${world.getBodyPosition(apex).y.toFixed(4)}  ${drift.toFixed(4)} m  ${(totalMs / 60).toFixed(3)}`,
    );
    totalMs = 0;
  }
}
