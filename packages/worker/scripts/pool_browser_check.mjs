// `node scripts/pool_browser_check.mjs [chromium|firefox-esr]` (after `pnpm build`): runs the
// probe job in a browser, the coordinator in a module worker and two solver helpers as
// module workers it starts (dist/parallel/), on 0 and on 2 helpers, and prints whether the
// bits agree and how many blocks the helpers ran. A manual check, not a CI test: the page
// is served cross-origin isolated (COOP/COEP) so that it has SharedArrayBuffer.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const browser = process.argv[2] ?? 'chromium';

const page = `<!doctype html><script type="module">
const w = new Worker('/coordinator.js', { type: 'module' });
w.onmessage = (e) => fetch('/result', { method: 'POST', body: JSON.stringify(e.data) });
w.onerror = (e) => fetch('/result', { method: 'POST', body: JSON.stringify({ error: e.message }) });
</script>`;

const coordinator = `
import { HelperPool } from '/dist/parallel/pool.js';
import { browserHelperSpawner } from '/dist/parallel/spawn_browser_by_url.js';
import * as probe from '/dist/parallel/probe_job.js';
async function run(helpers) {
  const job = probe.makeProbeJob(600, 3000, 16, 64);
  const pool = new HelperPool({ helpers, spawn: browserHelperSpawner(), kernel: { url: probe.probeJobUrl(), module: probe } });
  pool.publish(job.stores);
  while (pool.readyHelpers < helpers) await new Promise((r) => setTimeout(r, 5));
  const result = probe.runProbeJob(job, 6, (s, a, b, n) => pool.runStage(s, a, b, n));
  const runs = job.stores['probe.runs'];
  let byHelpers = 0;
  for (let t = 1; t < 64; t++) byHelpers += runs[t];
  pool.dispose();
  return { bits: Array.from(new Uint32Array(job.stores['probe.x'].slice().buffer)).join(','), result, byHelpers };
}
try {
  const one = await run(0);
  const two = await run(2);
  postMessage({ isolated: self.crossOriginIsolated, sameBits: one.bits === two.bits, results: [one.result, two.result], blocksByHelpers: two.byHelpers });
} catch (e) {
  postMessage({ error: String(e) });
}`;

const headers = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};
let child = null;
const server = createServer(async (req, res) => {
  if (req.method === 'POST') {
    let body = '';
    for await (const chunk of req) body += chunk;
    res.end('ok');
    console.log(`${browser}: ${body}`);
    const r = JSON.parse(body);
    child?.kill();
    server.close();
    process.exitCode = r.sameBits === true ? 0 : 1;
    return;
  }
  const url = req.url ?? '/';
  if (url === '/' || url === '/coordinator.js') {
    res.writeHead(200, { ...headers, 'Content-Type': url === '/' ? 'text/html' : 'text/javascript' });
    res.end(url === '/' ? page : coordinator);
    return;
  }
  try {
    const data = await readFile(join(root, url));
    res.writeHead(200, {
      ...headers,
      'Content-Type': extname(url) === '.js' ? 'text/javascript' : 'text/plain',
    });
    res.end(data);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
server.listen(0, () => {
  const address = `http://localhost:${server.address().port}/`;
  const profile = join(tmpdir(), `impulse-pool-check-${process.pid}`);
  const args = browser.startsWith('firefox')
    ? ['--headless', '--profile', profile, address]
    : ['--headless=new', '--no-sandbox', '--disable-gpu', `--user-data-dir=${profile}`, address];
  mkdirSync(profile, { recursive: true });
  child = spawn(browser, args, { stdio: 'ignore' });
});
