// Checks every publishable package (packages/*) as a consumer would install it: publint
// lints the package.json against the files it ships, and @arethetypeswrong/cli resolves
// its types under every module-resolution mode a consumer may use. Run after `pnpm build`.
// The packages are checked concurrently (each tool mostly waits on `npm pack` and its own
// start-up), a package's commands one after another (they pack in the same folder); the
// report keeps the packages' order.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const license = readFileSync(join(root, 'LICENSE'), 'utf8');

const run = promisify(execFile);

/** The report lines of one package, and how many of its checks failed. */
async function checkPackage(dir) {
  const lines = [];
  let failures = 0;
  const pkgDir = join(root, 'packages', dir);
  const pkgFile = join(pkgDir, 'package.json');
  if (!existsSync(pkgFile)) return { lines, failures };
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  if (pkg.private || !pkg.scripts?.build) return { lines, failures };
  // Every tarball carries the repository's license and a README (npm packs both when present).
  const packed = JSON.parse((await run('npm', ['pack', '--dry-run', '--json'], { cwd: pkgDir })).stdout);
  const files = new Set(packed[0].files.map((f) => f.path));
  const sameLicense =
    existsSync(join(pkgDir, 'LICENSE')) && readFileSync(join(pkgDir, 'LICENSE'), 'utf8') === license;
  if (files.has('LICENSE') && files.has('README.md') && sameLicense && pkg.license === 'MIT') {
    lines.push(`ok   LICENSE and README ${pkg.name}`);
  } else {
    failures++;
    lines.push(`FAIL ${pkg.name}: its tarball needs README.md and LICENSE (a copy of the root LICENSE, MIT)`);
  }
  for (const [tool, args] of [
    ['publint', ['--strict', '--pack', 'npm']],
    // ESM only: a CommonJS `require` of the package is not supported, by design.
    ['attw', ['--pack', '.', '--profile', 'esm-only']],
  ]) {
    try {
      await run(bin(tool), args, { cwd: pkgDir });
      lines.push(`ok   ${tool} ${pkg.name}`);
    } catch (error) {
      failures++;
      lines.push(`FAIL ${tool} ${pkg.name}\n${error.stdout}${error.stderr}`);
    }
  }
  return { lines, failures };
}

const reports = await Promise.all(readdirSync(join(root, 'packages')).map(checkPackage));
for (const { lines } of reports) for (const line of lines) console.log(line);
const failed = reports.reduce((n, r) => n + r.failures, 0);
if (failed > 0) process.exit(1);
