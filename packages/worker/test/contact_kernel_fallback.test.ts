/**
 * The kernel's chunk fails to load (a network error, a blocked chunk): 'auto', the default,
 * steps with the JS sweeps to the same bits; 'wasm', asked for, rejects `ready`.
 */
import { World } from '@impulse/core';
import { tumblerScene } from '@impulse/core/scenes';
import { describe, expect, it, vi } from 'vitest';
import { createInlinePhysics } from '../src/index';
import { DT, disposeAfterEach } from './support';

vi.mock('@impulse/core/wasm', () => {
  throw new Error('the chunk failed to load');
});

const keep = disposeAfterEach();

describe("a kernel chunk that fails to load (inline: the host's import is this file's)", () => {
  it("'auto' steps with the JS sweeps, to the JS world's bits", async () => {
    const physics = keep(createInlinePhysics({ stepping: 'manual' }));
    const js = new World();
    tumblerScene(physics as unknown as World, 8);
    tumblerScene(js, 8);
    await physics.ready;
    expect((await physics.getSolverThreads()).contactKernel).toBe('js');
    await physics.step(20);
    for (let i = 0; i < 20; i++) js.step(DT);
    expect(await physics.stateHash()).toBe(js.stateHash());
  });

  it("'wasm' rejects ready with the load's error", async () => {
    const physics = keep(createInlinePhysics({ stepping: 'manual', contactKernel: 'wasm' }));
    // vitest wraps the factory's throw in an error of its own: any rejection is the load's
    await expect(physics.ready).rejects.toThrow(Error);
  });
});
