// Runs package scripts in lanes: each argument is a lane, the scripts in it (separated by
// spaces) run one after another, and the lanes run side by side. test:all runs its checks
// this way: most of them are one process on one core, and on the 2-core CI machine one
// after another they left a core idle. Each script's output is printed whole when it ends
// (no interleaving), with its time; the exit code is non-zero if any script failed, and a
// lane stops at its first failure.
// Usage: node scripts/lanes.mjs "build check:packages" typecheck lint
import { spawn } from 'node:child_process';

const lanes = process.argv.slice(2).map((lane) => lane.split(' ').filter(Boolean));
if (lanes.length === 0) {
  console.error('lanes.mjs: no lanes given (usage: node scripts/lanes.mjs "build check:size" lint)');
  process.exit(2);
}

/** Runs `pnpm run <script>`, its stdout and stderr in one buffer; resolves to its exit code. */
function run(script) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (e) => chunks.push(Buffer.from(`lanes.mjs: ${script}: ${e.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - start) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `FAILED (exit ${code})`;
      process.stdout.write(`${Buffer.concat(chunks).toString()}\n[${script}: ${status}, ${seconds} s]\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(
  lanes.map(async (lane) => {
    for (const script of lane) {
      const code = await run(script);
      if (code !== 0) return code;
    }
    return 0;
  }),
);
if (codes.some((code) => code !== 0)) process.exit(1);
