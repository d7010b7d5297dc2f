import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE_IDS } from '../src/engine';
import { addRatios, aggregate, parseArgs } from '../src/harness';
import type { RunResult } from '../src/measure';
import { formatTerminalTable, toJson, toMarkdown, toSvg } from '../src/report';
import type { BenchReport } from '../src/results';
import { sanityOk } from '../src/sanity';
import { SCENES } from '../src/scenes';

function result(engine: RunResult['engine'], sceneId: string, medianMs: number): RunResult {
  return {
    engine,
    engineName: `${engine} 1.0`,
    settings: 'defaults | piped',
    sceneId,
    dynamicBodies: 210,
    buildMs: 3,
    warmup: 2,
    steps: 5,
    medianMs,
    p95Ms: medianMs * 1.5,
    meanMs: medianMs,
    maxMs: medianMs * 2,
    sanity: { kind: 'pyramids', boxes: 210, moved: 0, slid: 0, apexSink: 0.02 },
    sanityOk: true,
    buildMismatch: 0,
  };
}

function sampleReport(): BenchReport {
  const rows = [
    aggregate(
      'pyramid20',
      'impulse',
      210,
      [result('impulse', 'pyramid20', 2), result('impulse', 'pyramid20', 1)],
      [],
    ),
    aggregate('pyramid20', 'planck', 210, [result('planck', 'pyramid20', 4)], []),
    aggregate('pyramid100', 'impulse', 5050, [result('impulse', 'pyramid100', 20)], []),
    aggregate('pyramid100', 'planck', 5050, [], ['planck exited with 1: out of memory']),
    aggregate(
      'tumbler',
      'impulse',
      2025,
      [
        {
          ...result('impulse', 'tumbler', 5),
          sanity: { kind: 'tumbler', boxes: 2025, escaped: 3 },
          sanityOk: false,
        },
      ],
      [],
    ),
  ];
  addRatios(rows);
  return {
    version: 1,
    date: '2025-01-01T00:00:00.000Z',
    quick: true,
    command: 'pnpm bench --quick',
    machine: { node: '20', platform: 'linux', arch: 'x64', cpu: 'Test <CPU> & co', cores: 2 },
    options: { warmup: 2, steps: 5, reps: 2, maxSeconds: 30, minSteps: 1 },
    engines: [
      { id: 'impulse', name: 'Impulse 0.1.0', settings: 'defaults' },
      { id: 'planck', name: 'planck.js <1.5>', settings: 'step(1/60, 8, 3)' },
    ],
    scenes: [
      { id: 'pyramid20', label: 'pyramid base 20', dynamicBodies: 210 },
      { id: 'pyramid100', label: 'pyramid base 100', dynamicBodies: 5050 },
      { id: 'tumbler', label: 'tumbler', dynamicBodies: 2025 },
    ],
    rows,
    alloc: {
      scene: 'pyramid base 100',
      bodies: 5050,
      warmup: 10,
      steps: 100,
      heapGrowthBytes: 12345,
      retainedGrowthBytes: 0,
      allocatedBytesPerStep: 321,
      gc: { minor: 1, major: 0, incremental: 0, other: 0, totalMs: 0.5 },
    },
  };
}

/** A tiny well-formedness check: every tag closes, in order, and there is one root. */
function checkXml(xml: string): void {
  const stack: string[] = [];
  let roots = 0;
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(xml); m !== null; m = tag.exec(xml)) {
    const between = xml.slice(last, m.index);
    expect(between, `stray markup before ${m[0]}`).not.toMatch(/[<>]/);
    expect(between).not.toMatch(/&(?!amp;|lt;|gt;|quot;)/);
    last = m.index + m[0].length;
    const [, closing, name, , selfClosing] = m;
    if (stack.length === 0 && !closing) roots++;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name!);
  }
  expect(xml.slice(last).trim()).toBe('');
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

describe('aggregate and ratios', () => {
  it('keeps the repetition with the median of the medians and divides by Impulse', () => {
    const r = sampleReport().rows;
    expect(r[0]!.medianMs).toBe(1); // lower median of [2, 1]
    expect(r[0]!.reps).toHaveLength(2);
    expect(r[0]!.ratio).toBe(1);
    expect(r[1]!.ratio).toBe(4);
    expect(r[3]!.medianMs).toBeNull();
    expect(r[3]!.ratio).toBeNull();
    expect(r[3]!.error).toMatch(/out of memory/);
  });
});

describe('sanity bounds', () => {
  it('tell the sag of a soft pyramid from a collapse', () => {
    const sag = { kind: 'pyramids', boxes: 5050, moved: 1900, slid: 0, apexSink: 0.7 } as const;
    expect(sanityOk(sag)).toBe(true);
    expect(sanityOk({ ...sag, slid: 51 })).toBe(false);
    expect(sanityOk({ ...sag, apexSink: 1.2 })).toBe(false);
    expect(sanityOk({ ...sag, apexSink: Number.NaN })).toBe(false);
    expect(sanityOk({ kind: 'jointGrid', joints: 10, maxGap: 0.4 })).toBe(true);
    expect(sanityOk({ kind: 'jointGrid', joints: 10, maxGap: 1.2 })).toBe(false);
    expect(sanityOk({ kind: 'tumbler', boxes: 10, escaped: 1 })).toBe(false);
  });
});

describe('report writers', () => {
  it('write JSON that parses back to the same report', () => {
    const report = sampleReport();
    expect(JSON.parse(toJson(report))).toEqual(JSON.parse(JSON.stringify(report)));
  });

  it('write a markdown report with one table row per result', () => {
    const md = toMarkdown(sampleReport(), 'bench.svg');
    expect(md).toMatch(/^# Impulse benchmark/);
    const lines = md.split('\n');
    const head = lines.findIndex((l) => /^\| scene +\|/.test(l));
    expect(head).toBeGreaterThan(0);
    expect(lines[head + 1]).toMatch(/^\| -+ \| -+: \|/);
    const body = lines.slice(head + 2, lines.indexOf('', head));
    expect(body).toHaveLength(5);
    for (const l of body) expect(l.split(/(?<!\\)\|/).length).toBe(10); // 8 cells
    expect(md).toContain('4.00×');
    expect(md).toContain('3/2025 escaped ✗ 1/1');
    expect(md).toContain('error: planck exited with 1');
    expect(md).toContain('![ms per step against dynamic bodies](bench.svg)');
    expect(md).toMatch(/\| Impulse 0\.1\.0 +\| defaults +\|/);
    expect(md).toMatch(/\| allocated a step \(sum of heap rises\) +\| +321 B \|/);
  });

  it('write markdown the repository formatter (biome) leaves as it is', () => {
    const md = toMarkdown(sampleReport(), 'bench.svg');
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
    const formatted = execFileSync(
      join(root, 'node_modules/.bin/biome'),
      ['format', '--stdin-file-path=apps/bench/report.md'],
      {
        cwd: root,
        input: md,
        encoding: 'utf8',
      },
    );
    expect(formatted).toBe(md);
  });

  it('write a well-formed SVG with a line per engine sweep and escaped text', () => {
    const svg = toSvg(sampleReport());
    checkXml(svg);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toMatch(/^<svg[^>]*>\n<title>[^<]+<\/title>/);
    expect(svg.match(/<polyline /g)).toHaveLength(1); // planck has one pyramid point only
    expect(svg).toContain('planck.js &lt;1.5&gt;');
    expect(svg).not.toContain('NaN');
  });

  it('print an aligned terminal table', () => {
    const lines = formatTerminalTable(sampleReport()).split('\n');
    expect(lines[0]).toMatch(/^scene\s+bodies\s+engine\s+median ms\s+p95 ms\s+vs Impulse\s+at\s+sanity$/);
    expect(lines.filter((l) => l.includes('Impulse 0.1.0') || l.includes('impulse 1.0'))).toHaveLength(3);
  });
});

describe('command line', () => {
  const scenes = Object.keys(SCENES);
  it('has full-run defaults and a quick mode with tiny counts', () => {
    const full = parseArgs([], ENGINE_IDS, scenes);
    expect(full).toMatchObject({
      warmup: 60,
      steps: 300,
      reps: 3,
      maxSeconds: 15,
      minSteps: 20,
      quick: false,
    });
    expect(full.engines).toEqual([...ENGINE_IDS]);
    const quick = parseArgs(['--quick', '--steps=7'], ENGINE_IDS, scenes);
    expect(quick).toMatchObject({ warmup: 2, steps: 7, reps: 1, minSteps: 1, quick: true });
  });

  it('filters engines and scenes and rejects unknown ones', () => {
    const o = parseArgs(['--engines', 'rapier,impulse', '--scenes', 'tumbler'], ENGINE_IDS, scenes);
    expect(o.engines).toEqual(['impulse', 'rapier']);
    expect(o.scenes).toEqual(['tumbler']);
    expect(() => parseArgs(['--engines', 'box2d'], ENGINE_IDS, scenes)).toThrow(/unknown engine/);
    expect(() => parseArgs(['--frobnicate'], ENGINE_IDS, scenes)).toThrow(/unknown option/);
  });
});
