import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { EngineAdapter, EngineId } from '../engine';

/** The installed version of a package (found by walking up from its resolved entry). */
export function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  let dir = dirname(require.resolve(name));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === name) return pkg.version ?? '?';
    } catch {
      // no package.json here: keep walking up
    }
    const up = dirname(dir);
    if (up === dir) return '?';
    dir = up;
  }
}

export const ENGINE_PACKAGES: Record<EngineId, string> = {
  impulse: '@impulse/core',
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
