/**
 * Joint quality on one thread, for comparing two solve orders (docs/parallel-step.md,
 * "Joints on helpers"): per scene, the largest anchor gap at the end, the largest and the
 * mean of the gaps sampled every 10 steps, a probe position (a sag), the state hash and
 * the joint colours. `npx tsx packages/core/scripts/joint_quality.ts [small|grid] [grid steps]`.
 */
import { World } from '../src/index';
import { worldStateOf } from '../src/world';
import {
  bridgeScene,
  chainScene,
  jointGridScene,
  maxJointGap,
  ragdollScene,
  type SceneJoint,
} from '../src/scenes/index';
import { GRAPH_COLOUR_COUNT } from '../src/dynamics/constraint_graph_store';

const DT = 1 / 60;

interface Measured {
  joints: readonly SceneJoint[];
  /** A position that shows sag (m). */
  probe: () => number;
}

function colours(world: World): string {
  const w = worldStateOf(world);
  const start = w.joints.colours.start;
  const used: number[] = [];
  for (let c = 0; c < GRAPH_COLOUR_COUNT; c++)
    if (start[c + 1]! > start[c]!) used.push(start[c + 1]! - start[c]!);
  const overflow = Math.max(0, w.activeJointCount - start[GRAPH_COLOUR_COUNT]!);
  return `${w.activeJointCount} active joints, colours ${used.join('/')}, overflow ${overflow}`;
}

function run(name: string, steps: number, build: (world: World) => Measured): void {
  const world = new World();
  const m = build(world);
  let worst = 0;
  let sum = 0;
  let samples = 0;
  for (let i = 0; i < steps; i++) {
    world.step(DT);
    if (i % 10 === 9) {
      const gap = maxJointGap(world, m.joints);
      worst = Math.max(worst, gap);
      sum += gap;
      samples++;
    }
  }
  const end = maxJointGap(world, m.joints);
  console.log(
    `${name}, ${steps} steps: largest gap ${end.toExponential(3)} m (over the run ${worst.toExponential(3)}, ` +
      `mean ${(sum / samples).toExponential(3)}), probe ${m.probe().toFixed(5)} m, hash ${world.stateHash()}; ${colours(world)}`,
  );
}

const which = process.argv[2] ?? 'small';
if (which === 'grid') {
  run('joint grid 100x100', Number(process.argv[3] ?? 120), (world) => {
    const g = jointGridScene(world);
    const mid = Math.floor(g.columns / 2);
    return { joints: g.joints, probe: () => world.getBodyPosition(g.bodies[mid * g.rows + g.rows - 1]!).y };
  });
} else {
  run('joint grid 20x20', 600, (world) => {
    const g = jointGridScene(world, { rows: 20, columns: 20 });
    return { joints: g.joints, probe: () => world.getBodyPosition(g.bodies[10 * 20 + 19]!).y };
  });
  run('chain of 40, end mass 10x', 600, (world) => {
    const c = chainScene(world, { links: 40, endMassRatio: 10, enableSleep: false });
    return { joints: c.joints, probe: () => world.getBodyPosition(c.links[39]!).y };
  });
  run('bridge', 600, (world) => {
    const b = bridgeScene(world);
    return { joints: b.joints, probe: () => world.getBodyPosition(b.planks[80]!).y };
  });
  run('ragdoll under a bridge', 600, (world) => {
    const b = bridgeScene(world);
    const r = ragdollScene(world, { position: { x: 0, y: 6 } });
    return { joints: [...b.joints, ...r.joints], probe: () => world.getBodyPosition(r.bodies.head).y };
  });
  run('ragdoll, joint friction', 600, (world) => {
    const r = ragdollScene(world, { position: { x: 0, y: 3 }, jointFriction: 0.05 });
    return { joints: r.joints, probe: () => world.getBodyPosition(r.bodies.head).y };
  });
}
