/**
 * The demo built into a folder and served by Vite's preview on a free loopback port: what
 * the browser tests and the browser benchmarks open. One build, any number of servers.
 */
import { join } from 'node:path';
import { build, type PluginOption, type PreviewServer, preview } from 'vite';
import { freePort } from './net';

const root = join(import.meta.dirname, '..', '..');

/** Builds the demo's production site into `site` (emptied first). */
export async function buildSite(site: string, plugins: PluginOption[] = []): Promise<void> {
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    plugins,
    build: { outDir: site, emptyOutDir: true, sourcemap: false },
  });
}

export interface Served {
  server: PreviewServer;
  /** The site's address, ending in `/`. */
  url: string;
}

/**
 * Serves a built `site`. `isolated` (default) serves it with the demo's config and so its
 * COOP/COEP headers; without them it is a static host that cannot set headers.
 */
export async function serveSite(site: string, isolated = true): Promise<Served> {
  const port = await freePort();
  const server = await preview({
    root,
    configFile: isolated ? join(root, 'vite.config.ts') : false,
    base: './',
    logLevel: 'warn',
    build: { outDir: site },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  return { server, url: `http://127.0.0.1:${port}/` };
}
