import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { EngineAdapter, EngineId } from '../engine';

/**
 * The installed version of a package, read from its package.json in the first
 * node_modules folder that holds it (its exports map need not expose a CommonJS entry).
 */
export function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  for (const dir of require.resolve.paths(name) ?? []) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8')) as { version?: string };
      return pkg.version ?? '?';
    } catch {
      // not installed in this folder: keep looking
    }
  }
  return '?';
}

export const ENGINE_PACKAGES: Record<EngineId, string> = {
  impulse: '@impulse/core',
  'impulse-wasm': '@impulse/core',
  planck: 'planck',
  matter: 'matter-js',
  rapier: '@dimforge/rapier2d-compat',
  'rapier-simd': '@dimforge/rapier2d-simd-compat',
};

/** Loads one engine (Rapier's WebAssembly is initialised here, outside any timing). */
export async function loadEngine(id: EngineId): Promise<EngineAdapter> {
  const version = packageVersion(ENGINE_PACKAGES[id]);
  switch (id) {
    case 'impulse':
      return (await import('./impulse')).impulseAdapter(version);
    case 'impulse-wasm': {
      const { wasmContactKernel } = await import('@impulse/core/wasm');
      return (await import('./impulse')).impulseAdapter(version, wasmContactKernel);
    }
    case 'planck':
      return (await import('./planck')).planckAdapter(version);
    case 'matter':
      return (await import('./matter')).matterAdapter(version);
    case 'rapier': {
      const R = (await import('@dimforge/rapier2d-compat')).default;
      await R.init();
      return (await import('./rapier')).rapierAdapter(R, id, `Rapier 2D ${version}`);
    }
    case 'rapier-simd': {
      const mod = await import('@dimforge/rapier2d-simd-compat');
      const R = mod.default as unknown as import('./rapier').RapierModule;
      await R.init();
      return (await import('./rapier')).rapierAdapter(R, id, `Rapier 2D SIMD ${version}`);
    }
  }
}
