import { describe, expect, it } from 'vitest';
import { ENGINE_IDS } from '../src/engine';
import { loadEngine } from '../src/engines/index';
import { buildMismatch, computeSanity, sanityOk } from '../src/sanity';
import { describeScene, dynamicBodyCount, SCENES, type SceneSpec } from '../src/scenes';

function run(spec: SceneSpec, steps: number, engine: (typeof ENGINE_IDS)[number]) {
  return loadEngine(engine).then((adapter) => {
    const desc = describeScene(spec);
    const scene = adapter.build(desc, spec);
    const mismatch = buildMismatch(desc, scene);
    for (let i = 0; i < steps; i++) scene.step();
    return { mismatch, sanity: computeSanity(desc, scene) };
  });
}

describe.each(ENGINE_IDS)('%s adapter', (engine) => {
  it('builds a 10-box pyramid that stands', async () => {
    const { mismatch, sanity } = await run({ kind: 'pyramid', base: 4 }, 30, engine);
    expect(mismatch).toBeLessThan(1e-6);
    expect(sanity).toMatchObject({ kind: 'pyramids', boxes: 10, moved: 0, slid: 0 });
    if (sanity.kind !== 'pyramids') throw new Error('wrong kind');
    expect(sanity.apexSink).toBeGreaterThan(-0.01);
    expect(sanity.apexSink).toBeLessThan(0.1);
    expect(sanityOk(sanity)).toBe(true);
  });

  it('hangs a small joint grid whose joints hold', async () => {
    const { mismatch, sanity } = await run({ kind: 'jointGrid', rows: 3, columns: 9 }, 20, engine);
    expect(mismatch).toBeLessThan(1e-6);
    if (sanity.kind !== 'jointGrid') throw new Error('wrong kind');
    expect(sanity.joints).toBe(2 * 9 * 3 - 9 - 3);
    expect(sanity.maxGap).toBeGreaterThanOrEqual(0);
    expect(sanity.maxGap).toBeLessThan(0.1);
  });

  it('keeps the boxes of a small tumbler inside', async () => {
    const { sanity } = await run({ kind: 'tumbler', gridCount: 6 }, 30, engine);
    expect(sanity).toEqual({ kind: 'tumbler', boxes: 36, escaped: 0 });
  });

  it("drops Box2D's rain: ragdolls in slots, none off the shelves", async () => {
    const spec: SceneSpec = { kind: 'rain', rows: 2, columns: 2, groupSize: 2, gridCount: 20 };
    // 17 steps: the first column, then the second at step 8, the first again at step 16
    const { mismatch, sanity } = await run(spec, 17, engine);
    expect(mismatch).toBeLessThan(1e-5);
    expect(sanity).toEqual({ kind: 'region', bodies: 2 * 2 * 2 * 11, escaped: 0 });
  });

  it("smashes Box2D's block without flinging anything away", async () => {
    const { mismatch, sanity } = await run({ kind: 'smash', columns: 6, rows: 4 }, 40, engine);
    expect(mismatch).toBeLessThan(1e-5);
    expect(sanity).toEqual({ kind: 'region', bodies: 25, escaped: 0 });
  });

  it("builds Box2D's spinner with its paddle turning", async () => {
    const adapter = await loadEngine(engine);
    const spec: SceneSpec = { kind: 'spinner', bodyCount: 12 };
    const desc = describeScene(spec);
    const scene = adapter.build(desc, spec);
    expect(buildMismatch(desc, scene)).toBeLessThan(1e-5);
    for (let i = 0; i < 12; i++) scene.step();
    const t = new Float64Array(3 * 13);
    scene.readTransforms(t);
    // 12 steps at 5 rad/s turn the paddle (the first tracked body) by 1 rad
    expect(Math.abs(t[2]!)).toBeGreaterThan(0.5);
    expect(computeSanity(desc, scene)).toEqual({ kind: 'region', bodies: 13, escaped: 0 });
  });

  it('moves the bodies (a free fall is seen by the sanity figure)', async () => {
    // the tumbler's boxes start in the air: after 30 steps they have fallen
    const adapter = await loadEngine(engine);
    const spec: SceneSpec = { kind: 'tumbler', gridCount: 3 };
    const desc = describeScene(spec);
    const scene = adapter.build(desc, spec);
    for (let i = 0; i < 30; i++) scene.step();
    expect(buildMismatch(desc, scene)).toBeGreaterThan(0.5);
  });
});

describe('impulse-wasm', () => {
  it('steps the bits of impulse (the WebAssembly contact kernel changes who sweeps, not the result)', async () => {
    const spec: SceneSpec = { kind: 'tumbler', gridCount: 6 };
    const desc = describeScene(spec);
    const out = [] as Float64Array[];
    for (const id of ['impulse', 'impulse-wasm'] as const) {
      const scene = (await loadEngine(id)).build(desc, spec);
      for (let i = 0; i < 90; i++) scene.step();
      const t = new Float64Array(3 * 36);
      scene.readTransforms(t);
      out.push(t);
    }
    expect(out[1]).toEqual(out[0]);
    expect(out[0]!.some((v) => v !== 0)).toBe(true);
  });
});

describe('scene descriptions', () => {
  it('match the core builders body for body at full size', async () => {
    const impulse = await loadEngine('impulse');
    for (const [id, spec] of Object.entries(SCENES)) {
      if (id === 'pyramid40' || id === 'pyramid70') continue; // same builder as 20 and 100
      const desc = describeScene(spec);
      expect(buildMismatch(desc, impulse.build(desc, spec)), id).toBe(0);
    }
  });

  it('count the dynamic bodies of the brief', () => {
    expect(dynamicBodyCount(SCENES.pyramid100!)).toBe(5050);
    expect(dynamicBodyCount(SCENES.manyPyramids!)).toBe(11000);
    expect(dynamicBodyCount(SCENES.jointGrid!)).toBe(9993);
    expect(dynamicBodyCount(SCENES.tumbler!)).toBe(2025);
    // Box2D's release sizes: 1,000 humans of 11 bones; 9,600 boxes and the smasher; 6,076 and the paddle
    expect(dynamicBodyCount(SCENES.rain!)).toBe(11000);
    expect(dynamicBodyCount(SCENES.smash!)).toBe(9601);
    expect(dynamicBodyCount(SCENES.spinner!)).toBe(6077);
  });
});
