/**
 * Solver threads in the browser (`node --import tsx bench/solver_threads.ts [rounds]`, after
 * `pnpm build`): the tumbler (2,025 boxes, the bench's scene that never rests) in a fresh
 * physics worker of the demo's build, in headless Chromium on a cross-origin isolated page,
 * on 1 and on 2 solver threads in alternating rounds, and per count the median ms per step
 * of 60 steps taken in one call (after 60 warm-up steps taken one at a time, while the helpers attach), the
 * speed-up, and the stages the helpers took. No page rendering is involved.
 *
 * A benchmark, not a test: figures only. Under load (other jobs on the cores) the rounds
 * alternate so that both counts see the same machine; the medians still move with it.
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import type { TestHook } from '../src/test_hook';
import { HEADLESS_CHROMIUM_ARGS } from '../test/browsers/chromium';
import { freePort } from '../test/browsers/net';

declare global {
  interface Window {
    __impulse: TestHook;
  }
}

const root = join(import.meta.dirname, '..');
const site = join(root, 'bench-results', 'dist');
const rounds = Number(process.argv[2] ?? 5);
const counts = [1, 2];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: site, emptyOutDir: true, sourcemap: false },
  });
  const port = await freePort();
  const server = await preview({
    root,
    configFile: join(root, 'vite.config.ts'),
    base: './',
    logLevel: 'warn',
    build: { outDir: site },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...HEADLESS_CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/#/stacking`);
    await page.waitForFunction(() => window.__impulse?.ready() === true, null, { timeout: 120_000 });
    // the page's own scene stops stepping, so that its worker leaves the cores to the timed one
    await page.evaluate(() =>
      (window.__impulse.scene() as { client: { setPaused(p: boolean): void } }).client.setPaused(true),
    );
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const ms = new Map<number, number[]>(counts.map((c) => [c, []]));
    const hashes = new Set<number>();
    let shared = 0;
    for (let round = 0; round < rounds; round++) {
      for (const threads of round % 2 === 0 ? counts : [...counts].reverse()) {
        const r = await page.evaluate(([t]) => window.__impulse.solverTiming(t, 60, 60), [threads] as const);
        if (r.solver.threads !== threads)
          throw new Error(`asked ${threads} threads, stepped on ${r.solver.threads}`);
        ms.get(threads)!.push(r.msPerStep);
        hashes.add(r.stateHash);
        if (threads > 1) shared = r.solver.sharedStages;
        console.log(`round ${round + 1}: ${threads} thread(s) ${r.msPerStep.toFixed(2)} ms/step`);
      }
    }
    const one = median(ms.get(1)!);
    console.log(
      `\nChromium ${browser.version()}, ${cores} cores reported, tumbler 2,025 boxes, ${rounds} rounds:`,
    );
    console.log('| solver threads | ms per step (median) | speed-up |');
    console.log('| -------------- | -------------------- | -------- |');
    for (const c of counts) {
      const m = median(ms.get(c)!);
      console.log(`| ${c} | ${m.toFixed(2)} | ${(one / m).toFixed(2)}× |`);
    }
    console.log(
      `stages shared with the helper in a 2-thread run: ${shared}; state hashes agree: ${hashes.size === 1}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
