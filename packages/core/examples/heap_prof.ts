import { Session } from 'node:inspector/promises';
import { World } from '../src/index';
import { mixedPileScene } from '../src/scenes/index';
const world = new World({ enableSleep: false });
mixedPileScene(world, 150);
for (let i = 0; i < 600; i++) world.step(1 / 60);
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 256,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
} as never);
for (let i = 0; i < 1000; i++) world.step(1 / 60);
const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: Node } };
interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}
const acc = new Map<string, number>();
const walk = (n: Node, stack: string) => {
  const here = `${n.callFrame.functionName}@${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  if (n.selfSize > 0) acc.set(stack + ' > ' + here, (acc.get(stack + ' > ' + here) ?? 0) + n.selfSize);
  for (const c of n.children) walk(c, here);
};
walk(profile.head, '');
console.log(
  [...acc.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([k, v]) => `${v}\t${k}`)
    .join('\n'),
);
