/**
 * The constraint graph's colouring in the WebAssembly kernel (docs/wasm-kernel.md, "The
 * colouring in the kernel"): every word it writes (colour starts, meta records, sort keys,
 * kept inputs, the cleared body masks) is the JS colouring's, every step, on scenes that
 * keep, change and overflow their colours; its arrays stay in the kernel memory through
 * growth and restores; and a kernel with one operation of the colouring broken is caught.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { BodyType, makeBox, makeCircle, World } from '../../src/index';
import { carScene, mixedPileScene, pyramidScene, ragdollScene, tumblerScene } from '../../src/scenes/index';
import { placements } from '../../src/base/array';
import { GRAPH_COLOUR_COUNT } from '../../src/dynamics/constraint_graph_store';
import { colourConstraints } from '../../src/dynamics/contact_solver';
import { resetCompiledKernel } from '../../src/wasm/contact_kernel';
import { contactKernelOf, wasmContactKernel } from '../../src/wasm';
import { worldStateOf } from '../../src/world/world_access';
import { withBrokenKernel } from './fixtures/broken_kernel';
import { DT } from '../support';
import { pair, type Scene } from './fixtures/world_pair';

afterEach(() => resetCompiledKernel());

/**
 * A plank with 40 boxes on it, on the ground: the plank moves, so its contacts need a colour
 * each, and past the 24 colours they go to the overflow.
 */
function overflowScene(world: World): void {
  const ground = world.createBody();
  world.createPolygonShape(ground, makeBox(30, 0.5));
  const plank = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 1 } });
  world.createPolygonShape(plank, makeBox(21, 0.5));
  for (let i = 0; i < 40; i++) {
    const b = world.createBody({ type: BodyType.Dynamic, position: { x: -20 + i * 1.02, y: 1.95 } });
    if (i % 3 === 0) world.createCircleShape(b, makeCircle(0, 0, 0.45));
    else world.createPolygonShape(b, makeBox(0.45, 0.45));
  }
}

const SCENES: [string, Scene, boolean][] = [
  ['tumbler (colours change every step)', (w) => tumblerScene(w, 12), false],
  ['pyramid (colours kept once at rest)', (w) => pyramidScene(w, 20), false],
  ['mixed pile, sleep on (awake sets change)', (w) => mixedPileScene(w, 120), true],
  ['a plank under 40 bodies (the overflow)', overflowScene, false],
  [
    'joints beside contacts',
    (w) => {
      carScene(w);
      ragdollScene(w, { position: { x: 8, y: 6 } });
    },
    true,
  ],
];

/** The colouring's words after a step: what it writes and what the next step reads. */
function colouring(world: World): number[] {
  const w = worldStateOf(world);
  const k = w.constraints;
  const g = k.graph;
  const n = k.count;
  let masks = 0;
  for (let b = 0; b < g.bodyColours.length; b++) masks |= g.bodyColours[b]!;
  return [
    n,
    g.keyCount,
    masks,
    ...g.colourStart,
    ...g.counts,
    ...g.twoPointCounts,
    ...k.meta.subarray(0, 4 * n),
    ...g.bucketAt.subarray(0, n),
    ...g.contactOf.subarray(0, n),
    ...g.inputs.subarray(0, 4 * n),
  ];
}

/** Steps both worlds, the colouring's words compared every step; the first step that differs, or -1. */
function firstDifference(js: World, wasm: World, steps: number): number {
  for (let i = 0; i < steps; i++) {
    js.step(DT);
    wasm.step(DT);
    const a = colouring(js);
    const b = colouring(wasm);
    if (a.length !== b.length || a.some((x, j) => x !== b[j]) || js.stateHash() !== wasm.stateHash())
      return i;
  }
  return -1;
}

/**
 * A resting pyramid (its colouring kept) whose first two-point contact is made a one-point
 * one between steps, then coloured by the JS and by the kernel: whether the words agree (the
 * JS colours again: an input differs).
 */
function changedPointCount(): boolean {
  const [js, wasm] = pair((w) => pyramidScene(w, 10), false);
  for (let i = 0; i < 200; i++) {
    js.step(DT);
    wasm.step(DT);
  }
  for (const world of [js, wasm]) {
    const w = worldStateOf(world);
    const c = w.contacts;
    let i = 0;
    while (c.pointCount[w.awakeContacts[i]!] !== 2) i++;
    c.pointCount[w.awakeContacts[i]!] = 1;
  }
  colourConstraints(worldStateOf(js));
  const w = worldStateOf(wasm);
  w.contactKernel!.colour(w);
  const a = colouring(js);
  return a.length > 100 && colouring(wasm).every((x, j) => x === a[j]);
}

describe('the colouring in the kernel', () => {
  it.each(SCENES)('%s: the JS colouring’s words every step', (_name, scene, enableSleep) => {
    const [js, wasm] = pair(scene, enableSleep);
    expect(contactKernelOf(wasm)).toBe('wasm-simd');
    expect(firstDifference(js, wasm, 240)).toBe(-1);
    const g = worldStateOf(wasm).constraints.graph;
    for (const a of [
      g.bodyColours,
      g.colourOf,
      g.inputs,
      g.bucketStart,
      g.counts,
      g.colourStart,
      g.nextOther,
    ]) {
      expect(placements.has(a.buffer)).toBe(true);
    }
  });

  it('the plank scene overflows; a resting pyramid keeps its colouring, and colours again when a point count changed', () => {
    const [, plank] = pair(overflowScene, false);
    for (let i = 0; i < 30; i++) plank.step(DT);
    expect(worldStateOf(plank).constraints.graph.colourStart[0]).toBeGreaterThan(0);
    // a kept colouring is the same words (checked above); here: that the pyramid does keep
    const [, pyramid] = pair((w) => pyramidScene(w, 10), false);
    for (let i = 0; i < 200; i++) pyramid.step(DT);
    const g = worldStateOf(pyramid).constraints.graph;
    const before = [...g.order.subarray(0, g.keyCount)];
    g.order.fill(-1); // written only when it colours again
    pyramid.step(DT);
    expect([...g.order.subarray(0, g.keyCount)]).toEqual(before.map(() => -1));
    // and colours again when a point count changed
    expect(changedPointCount()).toBe(true);
  });

  it('keeps its arrays in the kernel memory as bodies and contacts grow, and across a restore', () => {
    const js = new World({ enableSleep: false });
    const wasm = new World({ enableSleep: false, contactKernel: wasmContactKernel });
    for (const world of [js, wasm]) pyramidScene(world, 4);
    for (let step = 0; step < 120; step++) {
      for (const world of [js, wasm]) {
        const b = world.createBody({
          type: BodyType.Dynamic,
          position: { x: -6 + (step % 12), y: 6 + Math.floor(step / 12) },
        });
        world.createPolygonShape(b, makeBox(0.4, 0.4));
      }
      expect(firstDifference(js, wasm, 1)).toBe(-1);
    }
    const snapshot = js.snapshot();
    js.restore(snapshot);
    wasm.restore(snapshot);
    expect(firstDifference(js, wasm, 60)).toBe(-1);
    const g = worldStateOf(wasm).constraints.graph;
    for (const a of [g.bodyColours, g.contactOf, g.order, g.bucketAt, g.twoPointCounts, g.nextTwo]) {
      expect(placements.has(a.buffer)).toBe(true);
    }
  });

  // One operation of the colouring changed in the kernel's text (in the function named): the
  // comparison must see it.
  const MUTATIONS: [string, string, string, string][] = [
    // the colour picked: the highest free bit instead of the lowest
    [
      'the colour pick',
      '$assign',
      '(i32.ctz (local.get $pick))',
      '(i32.sub (i32.const 31) (i32.clz (local.get $pick)))',
    ],
    // two-point pairs flagged at odd offsets
    [
      'the pair flag',
      '$place',
      '(i32.eqz (i32.and (local.get $offset) (i32.const 1)))',
      '(i32.and (local.get $offset) (i32.const 1))',
    ],
    // the sort key: the larger rank
    [
      'the sort key',
      '$assign',
      '(i32.lt_s (local.get $rankA) (local.get $rankB))',
      '(i32.gt_s (local.get $rankA) (local.get $rankB))',
    ],
    // the kept inputs' first word (body A, point count) not compared: a colouring kept when a
    // point count changed
    [
      'the kept inputs',
      '$same',
      '(i32.or (i32.shl (local.get $bA) (i32.const 2)) (local.get $pc))',
      '(i32.load (i32.add (local.get $inputs) (i32.shl (local.get $o) (i32.const 2))))',
    ],
  ];

  it.each(MUTATIONS)('a kernel with %s broken differs', async (_name, func, from, to) => {
    const differs = await withBrokenKernel(func, from, to, () => {
      const [js, wasm] = pair((w) => pyramidScene(w, 12), false);
      const [jsT, wasmT] = pair((w) => tumblerScene(w, 12), false);
      expect(contactKernelOf(wasm)).toBe('wasm-simd');
      return firstDifference(js, wasm, 150) !== -1 || firstDifference(jsT, wasmT, 60) !== -1;
    });
    expect(differs || !(await withBrokenKernel(func, from, to, changedPointCount))).toBe(true);
  });

  it('pins the overflow index the generator uses', () => {
    expect(GRAPH_COLOUR_COUNT).toBe(24);
  });
});
