/**
 * Where the Stress scene's main thread spends its time: a 3-second CPU profile of the page
 * in headless Chromium (`node --import tsx bench/profile.ts --bodies=5000 --renderer=webgl`),
 * printed as the top self-time functions. Serves the built site in bench-results/dist (run
 * the benchmark once first).
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serveSite } from '../test/browsers/site';
import { HEADLESS_CHROMIUM_ARGS } from '../test/browsers/chromium';

const root = join(import.meta.dirname, '..');
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const { server, url } = await serveSite(join(root, 'bench-results', 'dist'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...HEADLESS_CHROMIUM_ARGS],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const query = new URLSearchParams({ bodies: arg('bodies', '5000'), renderer: arg('renderer', 'auto') });
if (arg('backend', 'worker') === 'inline') query.set('backend', 'inline');
await page.goto(`${url}?${query}#/stress`);
await page.waitForFunction(
  () => (window as unknown as { __impulse?: { ready(): boolean } }).__impulse?.ready() === true,
  null,
  { timeout: 120_000 },
);
await page.waitForTimeout(3000);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.start');
await page.waitForTimeout(3000);
const { profile } = await cdp.send('Profiler.stop');
const self = new Map<string, number>();
const dt = profile.timeDeltas ?? [];
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
(profile.samples ?? []).forEach((id, i) => {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log(`total ${total.toFixed(0)} ms over 3 s`);
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(v.toFixed(1).padStart(8), k);
await browser.close();
await server.close();
