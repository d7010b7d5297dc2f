/**
 * `pnpm bench`: runs every engine on every scene, each repetition in its own Node
 * process (dist/runner.mjs), then the allocation measurement (dist/alloc.mjs), and writes
 * the terminal table, bench.json, bench.md and bench.svg.
 */

import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_IDS, type EngineAdapter, type EngineId } from './engine';
import { addRatios, aggregate, parseArgs, USAGE } from './harness';
import type { RunResult, RunSpec } from './measure';
import { parseResult } from './protocol';
import { formatMs, formatTerminalTable, toJson, toMarkdown, toSvg } from './report';
import type { AllocResult, AllocSpec, BenchReport, Row } from './results';
import { dynamicBodyCount, SCENES, sceneLabel } from './scenes';

const here = dirname(fileURLToPath(import.meta.url));
const benchRoot = resolve(here, '..');

function runChild(script: string, arg: string, nodeFlags: string[] = []): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, join(here, script), arg], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise(out);
      else reject(new Error(`${script} exited with ${code}: ${(err || out).trim().slice(-1500)}`));
    });
  });
}

async function main(): Promise<void> {
  const sceneIds = Object.keys(SCENES);
  const opts = parseArgs(process.argv.slice(2), ENGINE_IDS, sceneIds);
  if (opts.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (opts.from !== null) {
    const report = JSON.parse(readFileSync(opts.from, 'utf8')) as BenchReport;
    writeOutputs(report, resolve(opts.out ?? dirname(resolve(opts.from))), false);
    return;
  }
  const outDir = resolve(opts.out ?? join(benchRoot, 'results', opts.quick ? 'quick' : ''));
  const command = `pnpm bench${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`;
  console.log(
    `Impulse bench: ${opts.engines.length} engines × ${opts.scenes.length} scenes × ${opts.reps} reps, ` +
      `${opts.warmup} warm-up + ${opts.steps} timed steps (budget ${opts.maxSeconds} s)${opts.quick ? ' [quick]' : ''}`,
  );

  const rows: Row[] = [];
  const engineInfo = new Map<EngineId, Pick<EngineAdapter, 'name' | 'settings'>>();
  const started = Date.now();
  for (const sceneId of opts.scenes) {
    const scene = SCENES[sceneId]!;
    const reps = new Map<EngineId, RunResult[]>(opts.engines.map((e) => [e, []]));
    const errors = new Map<EngineId, string[]>(opts.engines.map((e) => [e, []]));
    // repetitions outermost, so the engines of a scene interleave in time
    for (let rep = 0; rep < opts.reps; rep++) {
      for (const engine of opts.engines) {
        const spec: RunSpec = {
          engine,
          sceneId,
          scene,
          warmup: opts.warmup,
          steps: opts.steps,
          maxSeconds: opts.maxSeconds,
          minSteps: opts.minSteps,
        };
        const label = `${sceneId.padEnd(12)} ${engine.padEnd(11)} rep ${rep + 1}/${opts.reps}`;
        try {
          const result = parseResult<RunResult>(await runChild('runner.mjs', JSON.stringify(spec)));
          reps.get(engine)!.push(result);
          engineInfo.set(engine, { name: result.engineName, settings: result.settings });
          console.log(
            `${label}  median ${formatMs(result.medianMs).padStart(7)} ms  p95 ${formatMs(result.p95Ms).padStart(7)} ms  ` +
              `(${result.steps} steps, build ${formatMs(result.buildMs)} ms)`,
          );
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          errors.get(engine)!.push(message);
          console.log(`${label}  FAILED: ${message.split('\n')[0]}`);
        }
      }
    }
    for (const engine of opts.engines) {
      rows.push(aggregate(sceneId, engine, dynamicBodyCount(scene), reps.get(engine)!, errors.get(engine)!));
    }
  }
  addRatios(rows);

  let alloc: AllocResult | null = null;
  if (opts.alloc && opts.engines.includes('impulse')) {
    const spec: AllocSpec = {
      base: opts.allocBase,
      warmup: opts.quick ? 10 : opts.allocWarmup,
      steps: opts.allocSteps,
    };
    try {
      alloc = parseResult<AllocResult>(await runChild('alloc.mjs', JSON.stringify(spec), ['--expose-gc']));
      console.log(
        `allocation: ${alloc.scene}, ${alloc.steps} steps: ${(alloc.allocatedBytesPerStep / 1024).toFixed(1)} KiB/step, ` +
          `${alloc.gc.minor} minor + ${alloc.gc.major} major GCs` +
          (alloc.otherWindowBytesPerStep === undefined
            ? ''
            : ` (other window ${(alloc.otherWindowBytesPerStep / 1024).toFixed(1)} KiB/step)`),
      );
    } catch (e) {
      console.log(`allocation measurement FAILED: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  const cpu = cpus();
  const report: BenchReport = {
    version: 1,
    date: new Date().toISOString(),
    quick: opts.quick,
    command,
    machine: {
      node: process.versions.node,
      platform: process.platform,
      arch: process.arch,
      cpu: cpu[0]?.model.trim() ?? '?',
      cores: cpu.length,
    },
    options: {
      warmup: opts.warmup,
      steps: opts.steps,
      reps: opts.reps,
      maxSeconds: opts.maxSeconds,
      minSteps: opts.minSteps,
    },
    engines: opts.engines
      .filter((e) => engineInfo.has(e))
      .map((e) => ({ id: e, name: engineInfo.get(e)!.name, settings: engineInfo.get(e)!.settings })),
    scenes: opts.scenes.map((id) => ({
      id,
      label: sceneLabel(SCENES[id]!),
      dynamicBodies: dynamicBodyCount(SCENES[id]!),
    })),
    rows,
    alloc,
  };
  writeOutputs(report, outDir, true);
  console.log(`in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (rows.some((r) => r.error !== undefined)) process.exitCode = 1;
}

function writeOutputs(report: BenchReport, outDir: string, json: boolean): void {
  mkdirSync(outDir, { recursive: true });
  if (json) writeFileSync(join(outDir, 'bench.json'), toJson(report));
  writeFileSync(join(outDir, 'bench.svg'), toSvg(report));
  writeFileSync(join(outDir, 'bench.md'), toMarkdown(report, 'bench.svg'));
  console.log('');
  console.log(formatTerminalTable(report));
  console.log('');
  const rel = relative(process.cwd(), outDir) || '.';
  console.log(`wrote ${rel}/bench.{${json ? 'json,' : ''}md,svg}`);
}

await main();
