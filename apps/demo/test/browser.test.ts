/**
 * The demo in a real browser: Debian's Chromium driven by playwright-core.
 *
 * The test builds the demo (`vite build`), serves it with `vite preview` on 127.0.0.1,
 * once with the COOP/COEP headers (shared memory) and once without (the transfer
 * fallback), and visits every scene: no console error, cross-origin isolated, bodies move,
 * a pointer drag moves the grabbed body. A screenshot of each scene is saved under
 * test-results/. It also runs the core's golden determinism scene in the browser's worker
 * and compares the hash with the one computed here in Node, and measures the stress scene
 * (main-thread ms per frame and FPS, worker against inline; figures only, no assertion).
 *
 * Chromium: /usr/bin/chromium (installed by .ci/run; CHROMIUM_PATH overrides). Without it
 * the test is skipped with a message on a developer's machine and fails under CI=true.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { World } from '@impulse/core';
import { mixedPileScene } from '@impulse/core/scenes';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestHook } from '../src/test_hook';

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');
const site = join(results, 'dist'); // named dist: biome and git skip it
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = existsSync(chromiumPath);
const inCI = process.env.CI === 'true' || process.env.CI === '1';

if (!haveChromium && !inCI) {
  console.warn(
    `demo browser tests SKIPPED: no Chromium at ${chromiumPath}. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
  );
}

declare global {
  interface Window {
    __impulse: TestHook;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function serve(isolated: boolean): Promise<{ server: PreviewServer; url: string }> {
  const port = await freePort();
  const server = await preview({
    root,
    // Without the config file there are no COOP/COEP headers: a static host that cannot set them.
    configFile: isolated ? join(root, 'vite.config.ts') : false,
    base: './',
    logLevel: 'warn',
    build: { outDir: site },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  return { server, url: `http://127.0.0.1:${port}/` };
}

interface Watched {
  page: Page;
  errors: string[];
}

async function openPage(
  browser: Browser,
  url: string,
  size = { width: 1280, height: 800 },
  touch = false,
): Promise<Watched> {
  const page = await browser.newPage({ viewport: size, hasTouch: touch, isMobile: touch });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  // the first published step: thousands of bodies are made first, slower on a busy machine
  await page.waitForFunction(() => window.__impulse?.ready() === true, null, { timeout: 90_000 });
  return { page, errors };
}

/**
 * Waits until the world has taken `steps` more steps (published step counts, never a
 * duration: a busy machine steps slower, and the test waits longer instead of failing).
 */
async function waitForSteps(page: Page, steps: number): Promise<void> {
  const start = await page.evaluate(() => window.__impulse.perf().stepCount);
  await page.waitForFunction((n) => window.__impulse.perf().stepCount >= n, start + steps, {
    timeout: 90_000,
    polling: 30,
  });
}

/** Largest displacement (m) of the scene's dynamic bodies over `steps` published steps. */
async function maxDisplacement(page: Page, steps: number): Promise<number> {
  const before = await page.evaluate(() =>
    window.__impulse.dynamicBodies().map((id) => [id, window.__impulse.position(id)] as const),
  );
  await waitForSteps(page, steps);
  return page.evaluate((list) => {
    let worst = 0;
    for (const [id, p0] of list) {
      const p = window.__impulse.position(id);
      if (p && p0) worst = Math.max(worst, Math.hypot(p.x - p0.x, p.y - p0.y));
    }
    return worst;
  }, before);
}

/**
 * Drags the scene's test body (else the highest slow body) on the stage 90 px up and 60 px sideways and returns how far
 * (as a fraction of the pointer's path, in world coordinates) the body came along.
 */
async function dragOne(
  page: Page,
  label: string,
  input: 'mouse' | 'touch' = 'mouse',
): Promise<{ id: number; fraction: number }> {
  // a finger: raw touch events through the DevTools protocol (Chromium makes pointer events of them)
  const cdp = input === 'touch' ? await page.context().newCDPSession(page) : null;
  const press = async (x: number, y: number) => {
    if (cdp) await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    else {
      await page.mouse.move(x, y);
      await page.mouse.down();
    }
  };
  const move = async (x: number, y: number) => {
    if (cdp) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    else await page.mouse.move(x, y);
  };
  const release = async () => {
    if (cdp) await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    else await page.mouse.up();
  };
  const stage = (await page.locator('[data-testid=stage]').boundingBox())!;
  const stats = (await page.locator('[data-testid=stats]').boundingBox())!;
  // slow bodies only: what is drawn may be a frame behind what is read
  const candidates = await page.evaluate(() => {
    const hook = window.__impulse;
    const offered = hook.testBody();
    const ids = offered !== null ? [offered] : hook.dynamicBodies().filter((id) => hook.speed(id) < 0.5);
    return ids.map((id) => ({ id, p: hook.pagePoint(id)! }));
  });
  const inside = candidates.filter(
    ({ p }) =>
      p &&
      p.x > stage.x + 24 &&
      p.x < stage.x + stage.width - 24 &&
      p.y > stage.y + 40 &&
      p.y < stage.y + stage.height - 10 &&
      !(p.x < stats.x + stats.width + 10 && p.y < stats.y + stats.height + 10),
  );
  expect(inside.length, `${label}: a body to grab`).toBeGreaterThan(0);
  inside.sort((a, b) => a.p.y - b.p.y);
  const { id, p } = inside[0]!;
  const target = { x: p.x + 60, y: Math.max(stage.y + 40, p.y - 90) };
  const start = (await page.evaluate((b) => window.__impulse.position(b), id))!;
  await press(p.x, p.y);
  // a canvas grab asks the world which body is under the pointer: it holds once the answer is back
  const grabbed = await page
    .waitForFunction(() => window.__impulse.isDragging(), null, { timeout: 10_000, polling: 16 })
    .then(
      () => true,
      () => false,
    );
  expect(grabbed, `${label}: grabbed body ${id}`).toBe(true);
  for (let i = 1; i <= 10; i++) {
    await move(p.x + ((target.x - p.x) * i) / 10, p.y + ((target.y - p.y) * i) / 10);
    await waitForSteps(page, 1);
  }
  // in world coordinates: a scene's camera may follow the body
  const goal = (await page.evaluate((t) => window.__impulse.pageToWorld(t.x, t.y), target))!;
  const path = Math.hypot(goal.x - start.x, goal.y - start.y);
  // hold until the body is half way, for at most 3 simulated seconds
  let fraction = 0;
  for (let i = 0; i < 20 && fraction < 0.5; i++) {
    await waitForSteps(page, 9);
    const now = (await page.evaluate((b) => window.__impulse.position(b), id))!;
    const along = ((now.x - start.x) * (goal.x - start.x) + (now.y - start.y) * (goal.y - start.y)) / path;
    fraction = Math.max(fraction, along / path);
  }
  await release();
  return { id, fraction };
}

describe.skipIf(!haveChromium && !inCI)('demo in Chromium', () => {
  let browser: Browser;
  let isolated: { server: PreviewServer; url: string };
  let plain: { server: PreviewServer; url: string };

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`CI: Chromium is missing at ${chromiumPath} (.ci/run installs it)`);
    mkdirSync(results, { recursive: true });
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: site, emptyOutDir: true, sourcemap: false },
    });
    isolated = await serve(true);
    plain = await serve(false);
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await isolated?.server.close();
    await plain?.server.close();
  });

  it('every scene loads cross-origin isolated, moves, and follows a pointer drag', async () => {
    const { page: index } = await openPage(browser, isolated.url);
    const ids = await index.$$eval('nav[aria-label=Scenes] a', (links) =>
      links.map((a) => (a.getAttribute('href') ?? '').replace('#/', '')),
    );
    await index.close();
    expect(ids.length).toBeGreaterThanOrEqual(1);
    const report: Record<string, unknown> = {};
    for (const id of ids) {
      const { page, errors } = await openPage(browser, `${isolated.url}#/${id}`);
      expect(await page.evaluate(() => crossOriginIsolated), id).toBe(true);
      expect(await page.evaluate(() => window.__impulse.transport()), id).toBe('shared');
      const badge = page.locator('[data-testid=transport]');
      expect(await badge.isVisible(), `${id}: transport badge`).toBe(true);
      expect(await badge.textContent()).toMatch(/shared memory/i);
      const moved = await maxDisplacement(page, 30);
      expect(moved, `${id}: bodies move`).toBeGreaterThan(1e-3);
      await page.screenshot({ path: join(results, `${id}.png`) });
      const drag = await dragOne(page, id);
      expect(drag.fraction, `${id}: the dragged body follows the pointer`).toBeGreaterThan(0.15);
      await waitForSteps(page, 12);
      expect(errors, `${id}: console errors`).toEqual([]);
      report[id] = { moved, drag };
      await page.close();
    }
    writeFileSync(join(results, 'scenes.json'), JSON.stringify(report, null, 2));
    // every wait is a step count: a busy machine takes longer, so the test may too
  }, 600_000);

  it('live controls change the world: the car drives, a stiff naive spring blows up, the character crosses the trigger zone, a weak bridge breaks', async () => {
    const car = await openPage(browser, `${isolated.url}#/car`);
    const chassis = await car.page.evaluate(() => window.__impulse.testBody()!);
    const x0 = (await car.page.evaluate((b) => window.__impulse.position(b), chassis))!.x;
    await car.page.keyboard.down('ArrowRight');
    await waitForSteps(car.page, 150);
    await car.page.keyboard.up('ArrowRight');
    const x1 = (await car.page.evaluate((b) => window.__impulse.position(b), chassis))!.x;
    expect(x1 - x0, 'the car drove right').toBeGreaterThan(2);
    await car.page.screenshot({ path: join(results, 'car-driving.png') });
    expect(car.errors).toEqual([]);
    await car.page.close();

    const soft = await openPage(browser, `${isolated.url}#/soft`);
    await soft.page.getByRole('button', { name: /Make it stiff/ }).click();
    await soft.page.waitForFunction(() => /blew up/.test(window.__impulse.note()), null, { timeout: 10_000 });
    // the soft spring, as stiff, holds: its bob stays near its rest place
    const bob = await soft.page.evaluate(() =>
      window.__impulse.position(window.__impulse.dynamicBodies()[0]!),
    );
    expect(Math.abs(bob!.y - 7.5)).toBeLessThan(1);
    await soft.page.screenshot({ path: join(results, 'soft-stiff.png') });
    expect(soft.errors).toEqual([]);
    await soft.page.close();

    const walker = await openPage(browser, `${isolated.url}#/character`);
    await walker.page.keyboard.down('ArrowRight');
    // the character walks through the trigger zone: the sensor reports it
    await walker.page.waitForFunction(() => /[1-9]\d* entries/.test(window.__impulse.note()), null, {
      timeout: 10_000,
    });
    await walker.page.keyboard.up('ArrowRight');
    await walker.page.screenshot({ path: join(results, 'character-walked.png') });
    expect(walker.errors).toEqual([]);
    await walker.page.close();

    const bridge = await openPage(browser, `${isolated.url}#/bridge`);
    const slider = bridge.page.getByLabel('Bridge break force');
    await slider.fill('600');
    // the deck holds its own weight and two ragdolls at 600 N (about 170 N of it at its ends), and breaks under the crate
    await waitForSteps(bridge.page, 90);
    expect(await bridge.page.evaluate(() => window.__impulse.note())).toBe('broken joints: 0');
    await bridge.page.getByRole('button', { name: /crate/ }).click();
    await bridge.page.waitForFunction(() => /broken joints: [1-9]/.test(window.__impulse.note()), null, {
      timeout: 10_000,
    });
    await bridge.page.screenshot({ path: join(results, 'bridge-broken.png') });
    expect(bridge.errors).toEqual([]);
    await bridge.page.close();
  });

  it('UI physics: HTML elements fall with no React render while they move', async () => {
    const { page, errors } = await openPage(browser, `${isolated.url}#/ui`);
    await page.waitForFunction(() => window.__impulse.perf().frames > 0);
    // the page lets go after 0.9 s: wait until the pieces fall, then count renders while they do
    await page.waitForFunction(
      () => window.__impulse.dynamicBodies().some((id) => window.__impulse.speed(id) > 0.5),
      null,
      { timeout: 60_000, polling: 30 },
    );
    const before = await page.evaluate(() => ({
      renders: window.__impulse.reactRenders(),
      frames: window.__impulse.perf().frames,
    }));
    const moved = await maxDisplacement(page, 10);
    const after = await page.evaluate(() => ({
      renders: window.__impulse.reactRenders(),
      frames: window.__impulse.perf().frames,
    }));
    expect(moved).toBeGreaterThan(0.05);
    const perFrame = (after.renders - before.renders) / Math.max(1, after.frames - before.frames);
    writeFileSync(join(results, 'ui-renders.json'), JSON.stringify({ before, after, perFrame }, null, 2));
    expect(perFrame).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a phone-sized viewport shows the stage, the stats and the controls, and a finger drags a body', async () => {
    const size = { width: 390, height: 844 };
    const { page, errors } = await openPage(browser, `${isolated.url}#/stacking`, size, true);
    await waitForSteps(page, 48);
    const drag = await dragOne(page, 'phone, finger', 'touch');
    expect(drag.fraction).toBeGreaterThan(0.15);
    const stage = (await page.locator('[data-testid=stage]').boundingBox())!;
    expect(stage.width).toBeGreaterThan(300);
    expect(stage.height).toBeGreaterThan(300);
    await page.screenshot({ path: join(results, 'phone-stacking.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('without COOP/COEP headers the demo runs on the transfer fallback and says so', async () => {
    const { page, errors } = await openPage(browser, `${plain.url}#/stacking`);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    expect(await page.evaluate(() => window.__impulse.transport())).toBe('transfer');
    const badge = page.locator('[data-testid=transport]');
    expect(await badge.isVisible()).toBe(true);
    expect(await badge.textContent()).toMatch(/fallback/i);
    expect(await maxDisplacement(page, 90)).toBeGreaterThan(1e-3);
    const drag = await dragOne(page, 'fallback');
    expect(drag.fraction).toBeGreaterThan(0.15);
    await page.screenshot({ path: join(results, 'fallback-stacking.png') });
    expect(errors).toEqual([]);
    await page.close();
    // the scenes that lean on the newer worker paths (characters, React bodies) too
    for (const id of ['character', 'ui']) {
      const other = await openPage(browser, `${plain.url}#/${id}`);
      expect(await other.page.evaluate(() => window.__impulse.transport())).toBe('transfer');
      expect(await maxDisplacement(other.page, 90), `${id} on the fallback: bodies move`).toBeGreaterThan(
        1e-3,
      );
      expect(other.errors, `${id} on the fallback`).toEqual([]);
      await other.page.close();
    }
  });

  it('measures the stress scene: main-thread ms per frame and FPS, worker against inline', async () => {
    const figures: Record<string, unknown> = {};
    for (const backend of ['worker', 'inline'] as const) {
      const query = backend === 'inline' ? '?backend=inline' : '';
      const { page, errors } = await openPage(browser, `${isolated.url}${query}#/stress`);
      await waitForSteps(page, 150);
      const samples: { fps: number; workMs: number; stepMs: number; frameMs: number }[] = [];
      const start = await page.evaluate(() => window.__impulse.perf());
      const t0 = Date.now();
      for (let i = 0; i < 6; i++) {
        await waitForSteps(page, 30);
        samples.push(await page.evaluate(() => window.__impulse.perf()));
      }
      const end = await page.evaluate(() => window.__impulse.perf());
      const mean = (k: 'fps' | 'workMs' | 'stepMs' | 'frameMs') =>
        samples.reduce((a, s) => a + s[k], 0) / samples.length;
      const frames = end.frames - start.frames;
      const stepsPerFrame = (end.stepCount - start.stepCount) / Math.max(1, frames);
      // inline, the steps run on the main thread too (in the host's timer, between frames)
      const stepOnMain = backend === 'inline' ? mean('stepMs') * stepsPerFrame : 0;
      figures[backend] = {
        bodies: end.bodies,
        fps: (frames * 1000) / (Date.now() - t0),
        mainMsPerFrame: mean('workMs') + stepOnMain,
        drawMsPerFrame: mean('workMs'),
        frameIntervalMs: mean('frameMs'),
        stepMs: mean('stepMs'),
        stepsPerSecond: ((end.stepCount - start.stepCount) * 1000) / (Date.now() - t0),
      };
      expect(errors).toEqual([]);
      await page.close();
    }
    console.log('stress scene in Chromium (headless, software raster):', JSON.stringify(figures));
    writeFileSync(join(results, 'stress-perf.json'), JSON.stringify(figures, null, 2));
  }, 600_000);

  it("the golden determinism hash from the browser's worker equals Node's", async () => {
    const world = new World();
    mixedPileScene(world, 100);
    let steps = 0;
    while (world.getCounters().awakeBodyCount > 0 && steps < 5000) {
      world.step(1 / 60);
      steps++;
    }
    const node = { sleepStep: steps, hash: world.stateHash() };
    for (const url of [isolated.url, plain.url]) {
      const { page, errors } = await openPage(browser, url);
      const browserRun = await page.evaluate(() => window.__impulse.goldenHash());
      expect({ sleepStep: browserRun.sleepStep, hash: browserRun.hash }).toEqual(node);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
