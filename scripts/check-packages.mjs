// Checks every publishable package (packages/*) as a consumer would install it: publint
// lints the package.json against the files it ships, and @arethetypeswrong/cli resolves
// its types under every module-resolution mode a consumer may use. Run after `pnpm build`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
let failed = 0;
const license = readFileSync(join(root, 'LICENSE'), 'utf8');

for (const dir of readdirSync(join(root, 'packages'))) {
  const pkgDir = join(root, 'packages', dir);
  const pkgFile = join(pkgDir, 'package.json');
  if (!existsSync(pkgFile)) continue;
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  if (pkg.private || !pkg.scripts?.build) continue;
  // Every tarball carries the repository's license and a README (npm packs both when present).
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: pkgDir, stdio: 'pipe' }),
  );
  const files = new Set(packed[0].files.map((f) => f.path));
  const sameLicense =
    existsSync(join(pkgDir, 'LICENSE')) && readFileSync(join(pkgDir, 'LICENSE'), 'utf8') === license;
  if (files.has('LICENSE') && files.has('README.md') && sameLicense && pkg.license === 'MIT') {
    console.log(`ok   LICENSE and README ${pkg.name}`);
  } else {
    failed++;
    console.log(
      `FAIL ${pkg.name}: its tarball needs README.md and LICENSE (a copy of the root LICENSE, MIT)`,
    );
  }
  for (const [tool, args] of [
    ['publint', ['--strict', '--pack', 'npm']],
    // ESM only: a CommonJS `require` of the package is not supported, by design.
    ['attw', ['--pack', '.', '--profile', 'esm-only']],
  ]) {
    try {
      execFileSync(bin(tool), args, { cwd: pkgDir, stdio: 'pipe' });
      console.log(`ok   ${tool} ${pkg.name}`);
    } catch (error) {
      failed++;
      console.log(`FAIL ${tool} ${pkg.name}\n${error.stdout}${error.stderr}`);
    }
  }
}
if (failed > 0) process.exit(1);
