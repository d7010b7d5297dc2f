/**
 * An app outside the workspace, as a user has it: the packed tarballs of @impulse/core,
 * @impulse/worker and @impulse/react unpacked into its node_modules as real folders (so
 * Vite treats them as installed dependencies, dependency optimizer included), React and
 * Vite beside them. It must build (`vite build`, served by `vite preview`) and run in
 * `vite dev`, each with one body falling in Chromium on the worker backend, with the
 * package's default worker and with a factory of the app's own
 * (`new URL('@impulse/worker/worker', import.meta.url)`), and with an alternative solver
 * (`solver={{ kind: 'xpbd' }}`, whose module the worker loads when the world asks for it):
 * built with the worker format the README recommends, `'es'` (the kind a chunk of its
 * own), and with Vite's default, `iife` (the kind inlined into the worker).
 *
 * The dependencies of the tarballs (comlink, zustand) and the app's own (react, vite) are
 * linked from the workspace's store instead of downloaded: the test runs offline and in
 * seconds. `pnpm build` comes first (the tarballs hold dist/).
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADLESS_CHROMIUM_ARGS } from './browsers/chromium';
import { freePort } from './browsers/net';

const demo = join(import.meta.dirname, '..');
const repo = join(demo, '..', '..');
const results = join(demo, 'test-results');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = existsSync(chromiumPath);
const inCI = process.env.CI === 'true' || process.env.CI === '1';

const APP_CONFIG = `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({
  plugins: [react()],
  server: { headers },
  preview: { headers },
  // Vite 8 resolves @impulse/worker's new URL('./worker.js', import.meta.url) in dev and
  // build. (Excluding @impulse/worker alone from optimizeDeps breaks dev: the optimized
  // @impulse/react keeps its own copy of @impulse/core, and the core's instanceof checks
  // fail across the two copies.) The README's one recommended setting: an ES worker loads
  // each solver kind when asked; an iife worker holds them all (the build test also builds
  // with 'iife').
  worker: { format: 'es' },
});
`;

/** The body's component, in a module of its own so React Fast Refresh can swap it (hot reload). */
const boxModule = (colour: string) => `import { useEffect } from 'react';
import { useBody, usePhysics } from '@impulse/react';

export function Box() {
  const [ref, api] = useBody({ shapes: [{ type: 'box', width: 1, height: 1 }], position: { x: 3, y: -1 } });
  const physics = usePhysics();
  useEffect(() => {
    window.__outside = {
      transport: () => physics.client.transport,
      y: () => (api.id === null ? null : api.getPosition().y),
      bodies: () => physics.client.getStats().bodyCount,
      frame: () => physics.client.getFrameNumber(),
      solver: () => physics.client.getSolver()?.kind ?? null,
    };
  });
  return <div ref={ref} data-colour="${colour}" style={{ position: 'absolute', left: 0, top: 0, width: 100, height: 100, marginLeft: -50, marginTop: -50, background: '${colour}' }} />;
}
`;

const APP_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Physics, PhysicsCanvas } from '@impulse/react';
import { Box } from './Box.jsx';

const params = new URLSearchParams(location.search);
// ?factory: the escape hatch the worker's README gives, a worker factory of the app's own
const worker = params.has('factory')
  ? () => new Worker(new URL('@impulse/worker/worker', import.meta.url), { type: 'module' })
  : undefined;
// ?solver: the world steps under XPBD (the worker loads the kind's module when asked)
const solver = params.has('solver') ? { kind: 'xpbd' } : undefined;

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <Physics scale={100} worker={worker} solver={solver}>
      <Box />
      <PhysicsCanvas
        ref={(api) => { window.__canvas = api; }}
        style={{ position: 'absolute', right: 0, top: 0, width: 320, height: 240 }}
        view={{ x0: -2, x1: 8, y0: -8, y1: 1 }}
      />
    </Physics>
  </StrictMode>,
);
`;

function makeApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'impulse-outside-'));
  const packs = join(dir, 'packs');
  mkdirSync(packs);
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@impulse'), { recursive: true });
  mkdirSync(join(modules, '@vitejs'), { recursive: true });
  for (const name of ['core', 'worker', 'react']) {
    if (!existsSync(join(repo, 'packages', name, 'dist', 'index.js'))) {
      throw new Error(`@impulse/${name} has no dist/: run \`pnpm build\` before this test`);
    }
    execFileSync('npx', ['--yes', 'pnpm@10.34.8', 'pack', '--pack-destination', packs], {
      cwd: join(repo, 'packages', name),
      stdio: 'pipe',
    });
  }
  for (const tarball of readdirSync(packs)) {
    const name = tarball.replace(/^impulse-/, '').replace(/-\d+\.\d+\.\d+.*\.tgz$/, '');
    const target = join(modules, '@impulse', name);
    mkdirSync(target);
    execFileSync('tar', ['-xzf', join(packs, tarball), '-C', target, '--strip-components=1']);
  }
  const link = (name: string, from: string) =>
    symlinkSync(realpathSync(join(from, 'node_modules', name)), join(modules, name), 'dir');
  link('react', demo);
  link('react-dom', demo);
  link('vite', demo);
  link('@vitejs/plugin-react', demo);
  link('comlink', join(repo, 'packages', 'worker'));
  link('zustand', join(repo, 'packages', 'react'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'outside-app', private: true, type: 'module' }),
  );
  writeFileSync(join(dir, 'vite.config.mjs'), APP_CONFIG);
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
  );
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'main.jsx'), APP_MAIN);
  writeFileSync(join(dir, 'src', 'Box.jsx'), boxModule('#f59e0b'));
  return dir;
}

describe.skipIf(!haveChromium && !inCI)('an app outside the workspace, from the packed tarballs', () => {
  let app: string;
  let browser: Browser;

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`CI: Chromium is missing at ${chromiumPath} (.ci/run installs it)`);
    app = makeApp();
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...HEADLESS_CHROMIUM_ARGS, '--disable-quic'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (app) rmSync(app, { recursive: true, force: true });
  });

  /** Waits until the world has published step `frame`: a step count, never a duration. */
  async function waitForFrame(page: Page, frame: number): Promise<void> {
    await page.waitForFunction(
      (n) => (window as unknown as { __outside: { frame(): number } }).__outside.frame() >= n,
      frame,
      { timeout: 60_000, polling: 50 },
    );
  }

  /** Loads `url` and waits for 30 steps of the falling box; `solver`: the kind the world must step under. */
  async function fallsIn(url: string, shot: string, solver: string | null = null): Promise<void> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    try {
      await page.waitForFunction(
        () =>
          typeof (window as unknown as { __outside?: { y(): number | null } }).__outside?.y() === 'number',
        null,
        {
          timeout: 30_000,
        },
      );
    } catch (e) {
      throw new Error(`the app did not start: ${String(e)}; console errors: ${JSON.stringify(errors)}`);
    }
    const read = () =>
      page.evaluate(() => {
        const w = window as unknown as {
          __outside: { y(): number; transport(): string; frame(): number; solver(): string | null };
          __canvas: { perf: { frames: number } } | null;
        };
        const o = w.__outside;
        return {
          y: o.y(),
          transport: o.transport(),
          frame: o.frame(),
          drawn: w.__canvas?.perf.frames ?? 0,
          solver: o.solver(),
        };
      });
    const first = await read();
    // 30 published steps (half a simulated second: a fall of 1.25 m from rest), however long they take
    await waitForFrame(page, first.frame + 30);
    const later = await read();
    await page.screenshot({ path: join(results, shot) });
    expect(later.transport).toBe('shared');
    expect(later.y).toBeLessThan(first.y - 0.5);
    // <PhysicsCanvas> drew the falling box from the shared frame
    expect(later.drawn).toBeGreaterThan(0);
    // the world started under the solver asked for: a kind that failed to load in the worker
    // is reported (a console error) and leaves the soft step (null)
    expect(later.solver).toBe(solver);
    expect(errors).toEqual([]);
    await page.close();
  }

  /** Builds the app with `format` as Vite's worker format into dist-<format> and serves it. */
  async function builtWith(format: 'es' | 'iife', run: (origin: string) => Promise<void>): Promise<void> {
    const outDir = join(app, `dist-${format}`);
    await build({ root: app, logLevel: 'warn', worker: { format }, build: { outDir } });
    const port = await freePort();
    const server: PreviewServer = await preview({
      root: app,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port, strictPort: true },
    });
    try {
      await run(`http://127.0.0.1:${port}`);
    } finally {
      await server.close();
    }
  }

  it('vite build + vite preview: one body falls on the worker backend', async () => {
    await builtWith('es', async (origin) => {
      await fallsIn(`${origin}/`, 'outside-build.png');
      await fallsIn(`${origin}/?factory`, 'outside-build-factory.png');
      await fallsIn(`${origin}/?solver`, 'outside-build-solver.png', 'xpbd');
    });
  });

  it("vite build with Vite's default worker format (iife): the same, the solver kind inlined", async () => {
    await builtWith('iife', async (origin) => {
      await fallsIn(`${origin}/`, 'outside-build-iife.png');
      await fallsIn(`${origin}/?solver`, 'outside-build-iife-solver.png', 'xpbd');
    });
  });

  it('vite dev: one body falls on the worker backend', async () => {
    const port = await freePort();
    const server: ViteDevServer = await createServer({
      root: app,
      logLevel: 'warn',
      server: { host: '127.0.0.1', port, strictPort: true, hmr: false },
    });
    await server.listen();
    try {
      await fallsIn(`http://127.0.0.1:${port}/`, 'outside-dev.png');
      await fallsIn(`http://127.0.0.1:${port}/?factory`, 'outside-dev-factory.png');
      await fallsIn(`http://127.0.0.1:${port}/?solver`, 'outside-dev-solver.png', 'xpbd');
    } finally {
      await server.close();
    }
  });

  it('vite dev with hot reload: editing the body component keeps exactly one body, still falling', async () => {
    const port = await freePort();
    const server: ViteDevServer = await createServer({
      root: app,
      logLevel: 'warn',
      server: { host: '127.0.0.1', port, strictPort: true },
    });
    await server.listen();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    type Outside = { y(): number | null; bodies(): number; frame(): number };
    const read = () =>
      page.evaluate(() => {
        const o = (window as unknown as { __outside: Outside }).__outside;
        return { y: o.y(), bodies: o.bodies(), frame: o.frame() };
      });
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.waitForFunction(
        () => ((window as unknown as { __outside?: Outside }).__outside?.bodies() ?? 0) > 0,
        null,
        { timeout: 30_000 },
      );
      expect((await read()).bodies).toBe(1);
      // A full page reload would clear this: its survival shows the edit was hot-swapped.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      for (const colour of ['#0ea5e9', '#22c55e']) {
        writeFileSync(join(app, 'src', 'Box.jsx'), boxModule(colour)); // an edit, as a user saves one
        await page.waitForSelector(`[data-colour="${colour}"]`, { timeout: 20_000 });
        // the recreated body reaches a published step
        await waitForFrame(page, (await read()).frame + 5);
        const after = await read();
        expect(after.bodies, `bodies after the edit to ${colour}`).toBe(1);
        await waitForFrame(page, after.frame + 10);
        const later = await read();
        expect(later.y!).toBeLessThan(after.y!); // still simulated
        expect(
          await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
        ).toBe(true);
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  });
});
