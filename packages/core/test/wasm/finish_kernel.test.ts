/**
 * The bodies' finish in the WebAssembly kernel (docs/wasm-kernel.md, "The bodies' finish in
 * the kernel"): every column it writes (poses, the start-of-step poses continuous collision
 * reads, origins, sleep timers, cleared deltas and forces), the shapes' tight boxes, the
 * status bytes and the fast-body list are the JS's, every step, on scenes of cached
 * quadrilaterals only, of other shapes only and of both (the kernel finishes quadrilaterals,
 * circles and capsules, the JS the listed bodies);
 * its arrays stay in the kernel memory; and a kernel with one operation broken is caught.
 */

import { afterEach, describe, expect, it } from 'vitest';
import {
  BodyType,
  makeBox,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makeRoundedBox,
  type BodyId,
  type World,
} from '../../src/index';
import { mixedPileScene, spinnerScene, tumblerScene } from '../../src/scenes/index';
import { placements } from '../../src/base/array';
import { resetCompiledKernel } from '../../src/wasm/contact_kernel';
import { contactKernelOf } from '../../src/wasm';
import { worldStateOf } from '../../src/world/world_access';
import { withBrokenKernel } from './fixtures/broken_kernel';
import { DT } from '../support';
import { pair, type Scene } from './fixtures/world_pair';

afterEach(() => resetCompiledKernel());

/**
 * Boxes (plain, rounded, offset, and a body of two boxes) and circles and capsules dropped
 * fast into a bin, some with sleep off: both passes, continuous collision, sleep timers.
 */
function binScene(world: World): void {
  const ground = world.createBody();
  world.createPolygonShape(ground, makeOffsetBox(8, 0.5, 0, -0.5, 0));
  world.createPolygonShape(ground, makeOffsetBox(0.5, 8, -8.5, 7, 0));
  world.createPolygonShape(ground, makeOffsetBox(0.5, 8, 8.5, 7, 0));
  for (let i = 0; i < 90; i++) {
    const b = world.createBody({
      type: BodyType.Dynamic,
      position: { x: -7 + (i % 14), y: 2 + Math.floor(i / 14) },
      linearVelocity: { x: 0, y: i % 5 === 0 ? -80 : -2 },
      angularVelocity: 0.3 * (i % 7),
      enableSleep: i % 4 !== 0,
    });
    const kind = i % 6;
    if (kind === 0) world.createPolygonShape(b, makeBox(0.3, 0.2));
    else if (kind === 1) world.createPolygonShape(b, makeRoundedBox(0.25, 0.2, 0.05));
    else if (kind === 2) world.createCircleShape(b, makeCircle(0, 0, 0.3));
    else if (kind === 3) world.createCapsuleShape(b, makeCapsule(-0.2, 0, 0.2, 0, 0.15));
    else if (kind === 4) world.createPolygonShape(b, makeOffsetBox(0.3, 0.3, 0.1, 0, 0.2));
    else {
      // two boxes on one body, then a circle on another of the same kind
      world.createPolygonShape(b, makeOffsetBox(0.2, 0.2, -0.2, 0, 0));
      world.createPolygonShape(b, makeOffsetBox(0.2, 0.2, 0.2, 0, 0));
      if (i % 12 === 5) world.createCircleShape(b, makeCircle(0, 0.3, 0.1));
    }
  }
}

/**
 * A capsule, a circle and a box falling apart: no contact, so no Collide stage writes the
 * round records; the finish must (CollideBlock.recordForFinish).
 */
function apartScene(world: World): void {
  const shapes = [
    (b: BodyId) => world.createCapsuleShape(b, makeCapsule(-0.2, 0.1, 0.3, 0, 0.15)),
    (b: BodyId) => world.createCircleShape(b, makeCircle(0.1, -0.2, 0.3)),
    (b: BodyId) => world.createPolygonShape(b, makeBox(0.3, 0.2)),
  ];
  shapes.forEach((make, i) => {
    make(world.createBody({ type: BodyType.Dynamic, position: { x: 3 * i, y: 0 }, angularVelocity: 1 + i }));
  });
}

const SCENES: [string, Scene, boolean][] = [
  ['tumbler (quadrilaterals only, a kinematic body)', (w) => tumblerScene(w, 12), false],
  ['a bin of boxes, circles and capsules, sleep on', binScene, true],
  ['a bin, sleep off', binScene, false],
  ['spinner (fast bodies, rounded box)', (w) => spinnerScene(w, 200), false],
  ['mixed pile (no quadrilaterals), sleep on', (w) => mixedPileScene(w, 80), true],
  ['round shapes apart (no Collide stage)', apartScene, false],
];

/** What the finish writes, after a step. */
function finished(world: World): number[] {
  const w = worldStateOf(world);
  const b = w.bodies;
  const n = b.pool.next;
  const out: number[] = [w.fastBodyCount, ...w.fastBodies.subarray(0, w.fastBodyCount)];
  out.push(...w.finalizeStatus.subarray(0, w.awakeBodyCount));
  for (const c of [
    b.c,
    b.s,
    b.cx,
    b.cy,
    b.px,
    b.py,
    b.c0x,
    b.c0y,
    b.q0c,
    b.q0s,
    b.sleepTime,
    b.fx,
    b.torque,
  ]) {
    out.push(...c.subarray(0, n));
  }
  out.push(...b.state.subarray(0, 8 * n));
  out.push(...w.shapes.box.subarray(0, 4 * w.shapes.pool.next));
  return out;
}

/** Steps both worlds, compared every step (Object.is: -0 and NaN too); the first step that differs, or -1. */
function firstDifference(js: World, wasm: World, steps: number): number {
  for (let i = 0; i < steps; i++) {
    js.step(DT);
    wasm.step(DT);
    const a = finished(js);
    const b = finished(wasm);
    if (a.length !== b.length || a.some((x, j) => !Object.is(x, b[j]))) return i;
  }
  return -1;
}

describe('the bodies’ finish in the kernel', () => {
  it.each(SCENES)('%s: the JS finish’s words every step', (_name, scene, enableSleep) => {
    const [js, wasm] = pair(scene, enableSleep);
    expect(contactKernelOf(wasm)).toBe('wasm-simd');
    expect(firstDifference(js, wasm, 200)).toBe(-1);
    const w = worldStateOf(wasm);
    const b = w.bodies;
    for (const a of [
      w.finalizeStatus,
      b.cx,
      b.c0x,
      b.q0s,
      b.sleepTime,
      b.enableSleep,
      b.shapeHead,
      w.shapes.next,
    ]) {
      expect(placements.has(a.buffer)).toBe(true);
    }
  });

  it('finds fast bodies and escaped proxies in the scenes above', () => {
    const [, wasm] = pair(binScene, false);
    let fast = 0;
    for (let i = 0; i < 30; i++) {
      wasm.step(DT);
      fast += worldStateOf(wasm).fastBodyCount;
    }
    expect(fast).toBeGreaterThan(0);
  });

  // One operation of the finish changed in the kernel's text: the comparison must see it.
  const MUTATIONS: [string, string, string][] = [
    [
      'the tight box’s max x',
      '(f64.gt (local.get $wx) (local.get $maxX))',
      '(f64.lt (local.get $wx) (local.get $maxX))',
    ],
    ['the sleep timer’s reset', '(local.get $dt)) (f64.const 0)', '(local.get $dt)) (f64.const 1)'],
    ['the continuous flag', '(i32.and (local.get $continuous)', '(i32.and (i32.const 0)'],
    ['the origin', '(f64.mul (local.get $qs) (local.get $ly))', '(f64.mul (local.get $qs) (local.get $lx))'],
    ['a round shape’s centre', '(local.set $maxX (local.get $minX))', '(local.set $maxX (local.get $x))'],
    [
      'a capsule’s max y',
      '(f64.max (local.get $maxY) (local.get $wy))',
      '(f64.min (local.get $maxY) (local.get $wy))',
    ],
  ];

  it.each(MUTATIONS)('a kernel with %s broken differs', async (_name, from, to) => {
    const differs = await withBrokenKernel('$finishBodies', from, to, () =>
      SCENES.slice(0, 4).some(([, scene, enableSleep]) => {
        const [js, wasm] = pair(scene, enableSleep);
        return firstDifference(js, wasm, 120) !== -1;
      }),
    );
    expect(differs).toBe(true);
  });
});
