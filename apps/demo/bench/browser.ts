/**
 * The browser benchmark (`pnpm bench:browser`): the Stress scene in headless Chromium at
 * 1,000 / 5,000 / 10,000 bodies, the world stepped in the worker and inline, and per case:
 *
 * - display FPS: animation frames per second of wall time;
 * - main-thread ms per frame, as the page's renderer measures it (JS time), split into
 *   reading the transforms and drawing, and as Chromium counts it (every main-thread task,
 *   raster and style included, from the DevTools protocol's TaskDuration);
 * - worker step ms (the inline backend steps on the main thread: its steps are in the task time);
 * - React renders per second: commits counted through React's DevTools hook, which React
 *   calls in production builds too.
 *
 * A benchmark, not a test: figures only, printed as a table and written to
 * bench-results/browser.json. Each case warms up for a number of published steps, then
 * measures over a number of display frames, so a slow machine measures longer instead of
 * measuring less. Options: `--bodies=1000,5000` `--backends=worker` `--frames=180`
 * `--renderer=canvas2d|webgl` (passed to the page as `?renderer=`) `--threads=1,2` (the worker's
 * solver threads, `?threads=`; the stress scene's own default when not given).
 *
 * Chromium: /usr/bin/chromium (CHROMIUM_PATH overrides).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { HEADLESS_CHROMIUM_ARGS } from '../test/browsers/chromium';
import { buildSite, serveSite } from '../test/browsers/site';

const root = join(import.meta.dirname, '..');
const out = join(root, 'bench-results');
const site = join(out, 'dist');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function arg(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

const COUNTS = arg('bodies', '1000,5000,10000').split(',').map(Number);
const BACKENDS = arg('backends', 'worker,inline').split(',') as ('worker' | 'inline')[];
const FRAMES = Number(arg('frames', '180'));
const WARMUP_STEPS = Number(arg('warmup', '90'));
const RENDERER = arg('renderer', '');
const THREADS = arg('threads', '')
  .split(',')
  .filter((t) => t !== '');

/** Counts React commits: React reports every commit to this hook if it finds one at load. */
const REACT_HOOK = `
  window.__reactCommits = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    onCommitFiberRoot() { window.__reactCommits++; },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
`;

interface PerfSample {
  fps: number;
  workMs: number;
  readMs: number;
  frames: number;
  stepMs: number;
  stepCount: number;
  bodies: number;
}

interface Row {
  bodies: number;
  backend: string;
  threads: string;
  renderer: string;
  fps: number;
  readMs: number;
  drawMs: number;
  workMs: number;
  mainTaskMsPerFrame: number;
  stepMs: number;
  stepsPerSecond: number;
  reactRendersPerSecond: number;
}

const perf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __impulse: { perf(): PerfSample } }).__impulse.perf());
const commits = (page: Page) =>
  page.evaluate(() => (window as unknown as { __reactCommits: number }).__reactCommits);
const rendererName = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __impulse: { renderer?(): string } }).__impulse.renderer?.() ??
      'canvas2d (sim)',
  );

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  await buildSite(site);
  const { server, url } = await serveSite(site);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...HEADLESS_CHROMIUM_ARGS],
  });
  const rows: Row[] = [];
  try {
    for (const bodies of COUNTS) {
      // inline, the page's thread steps alone
      const cases = BACKENDS.flatMap((backend) =>
        backend === 'worker' && THREADS.length > 0
          ? THREADS.map((threads) => ({ backend, threads }))
          : [{ backend, threads: '' }],
      );
      for (const { backend, threads } of cases) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        const errors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text());
        });
        page.on('pageerror', (e) => errors.push(e.message));
        await page.addInitScript(REACT_HOOK);
        const query = new URLSearchParams({ bodies: String(bodies) });
        if (backend === 'inline') query.set('backend', 'inline');
        if (RENDERER) query.set('renderer', RENDERER);
        if (threads) query.set('threads', threads);
        await page.goto(`${url}?${query}#/stress`);
        await page.waitForFunction(
          () => (window as unknown as { __impulse?: { ready(): boolean } }).__impulse?.ready() === true,
          null,
          { timeout: 120_000 },
        );
        // warm up: the bodies are falling (all awake) and the JIT has seen the frame
        const warm = (await perf(page)).stepCount + WARMUP_STEPS;
        await page.waitForFunction(
          (n) => (window as unknown as { __impulse: { perf(): PerfSample } }).__impulse.perf().stepCount >= n,
          warm,
          { timeout: 300_000, polling: 100 },
        );
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Performance.enable');
        const task = async () => {
          const { metrics } = await cdp.send('Performance.getMetrics');
          return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
        };
        const p0 = await perf(page);
        const c0 = await commits(page);
        const task0 = await task();
        const t0 = Date.now();
        const samples: PerfSample[] = [];
        while ((samples.at(-1)?.frames ?? p0.frames) - p0.frames < FRAMES) {
          await page.waitForTimeout(200);
          samples.push(await perf(page));
        }
        const p1 = samples.at(-1)!;
        const seconds = (Date.now() - t0) / 1000;
        const task1 = await task();
        const c1 = await commits(page);
        const frames = p1.frames - p0.frames;
        const mean = (k: keyof PerfSample) => samples.reduce((a, s) => a + s[k], 0) / samples.length;
        const row: Row = {
          bodies,
          backend,
          threads: threads || 'default',
          renderer: await rendererName(page),
          fps: frames / seconds,
          readMs: mean('readMs'),
          drawMs: mean('workMs') - mean('readMs'),
          workMs: mean('workMs'),
          mainTaskMsPerFrame: ((task1 - task0) * 1000) / frames,
          stepMs: mean('stepMs'),
          stepsPerSecond: (p1.stepCount - p0.stepCount) / seconds,
          reactRendersPerSecond: (c1 - c0) / seconds,
        };
        rows.push(row);
        console.log(JSON.stringify(row));
        if (errors.length > 0) console.warn(`  console errors: ${errors.join(' | ')}`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const f = (v: number, d = 2) => v.toFixed(d);
  const lines = [
    '| bodies | backend | threads | renderer | FPS | read ms | draw ms | main JS ms/frame | main task ms/frame | step ms | steps/s | React renders/s |',
    '|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.bodies} | ${r.backend} | ${r.threads} | ${r.renderer} | ${f(r.fps, 1)} | ${f(r.readMs, 3)} | ${f(r.drawMs)} | ${f(r.workMs)} | ${f(r.mainTaskMsPerFrame)} | ${f(r.stepMs)} | ${f(r.stepsPerSecond, 0)} | ${f(r.reactRendersPerSecond, 1)} |`,
    ),
  ];
  console.log(lines.join('\n'));
  writeFileSync(join(out, 'browser.json'), JSON.stringify(rows, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
