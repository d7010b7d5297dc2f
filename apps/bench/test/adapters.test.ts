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
  });
});
