/**
 * Writers for a finished run: the terminal table, the JSON file, the markdown report and
 * the SVG chart (ms/step against dynamic body count, log-log, drawn by hand).
 */

import type { BenchReport, Row } from './results';
import { formatSanity, MOVED_LIMIT, TORN_GAP } from './sanity';

export function formatMs(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  return ms.toFixed(2);
}

export function formatRatio(r: number | null): string {
  if (r === null || !Number.isFinite(r)) return '—';
  return `${r >= 10 ? r.toFixed(1) : r.toFixed(2)}×`;
}

function sanityCell(row: Row): string {
  if (row.error !== undefined) return `error: ${row.error.split('\n')[0]!.slice(0, 80)}`;
  if (row.sanity === null) return '—';
  // ✗ k/n: the figure was out of bounds in k of the n repetitions (the one shown or others)
  const flag = row.failedReps > 0 ? ` ✗ ${row.failedReps}/${row.reps.length}` : '';
  return `${formatSanity(row.sanity)}${flag}`;
}

function sceneLabelOf(report: BenchReport, id: string): string {
  return report.scenes.find((s) => s.id === id)?.label ?? id;
}

interface Table {
  head: string[];
  rows: string[][];
  /** Right-aligned columns. */
  right: boolean[];
}

function resultTable(report: BenchReport): Table {
  const rows = report.rows.map((r) => [
    sceneLabelOf(report, r.sceneId),
    String(r.dynamicBodies),
    r.engineName,
    formatMs(r.medianMs),
    formatMs(r.p95Ms),
    formatRatio(r.ratio),
    r.medianMs === null ? '—' : `${((r.warmup + r.steps) / 60).toFixed(1)} s`,
    sanityCell(r),
  ]);
  return {
    head: ['scene', 'bodies', 'engine', 'median ms', 'p95 ms', 'vs Impulse', 'at', 'sanity'],
    rows,
    right: [false, true, false, true, true, true, true, false],
  };
}

/** Plain-text table for the terminal. */
export function formatTerminalTable(report: BenchReport): string {
  const t = resultTable(report);
  const widths = t.head.map((h, c) => Math.max(h.length, ...t.rows.map((r) => r[c]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, c) => (t.right[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  const out = [line(t.head), widths.map((w) => '-'.repeat(w)).join('  ')];
  let lastScene = '';
  for (const r of t.rows) {
    if (lastScene !== '' && r[0] !== lastScene) out.push('');
    out.push(line(r[0] === lastScene ? ['', '', ...r.slice(2)] : r));
    lastScene = r[0]!;
  }
  return out.join('\n');
}

function mdEscape(s: string): string {
  return s.replace(/\|/g, '\\|');
}

/** Display width of a cell (every character here is one column wide). */
function width(s: string): number {
  return [...s].length;
}

function pad(s: string, w: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, w - width(s)));
  return right ? fill + s : s + fill;
}

/** A markdown table with padded columns, as the repository's formatter (biome) writes them. */
function mdTable(t: Table): string {
  const head = t.head.map(mdEscape);
  const rows = t.rows.map((r) => r.map(mdEscape));
  const widths = head.map((h, c) => Math.max(3, width(h), ...rows.map((r) => width(r[c]!))));
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, c) => pad(cell, widths[c]!, t.right[c]!)).join(' | ')} |`;
  const rule = `| ${widths.map((w, c) => (t.right[c] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(head), rule, ...rows.map((r) => line(r))].join('\n');
}

function formatBytes(b: number): string {
  const a = Math.abs(b);
  if (a >= 1024 * 1024) return `${(b / (1024 * 1024)).toFixed(2)} MiB`;
  if (a >= 1024) return `${(b / 1024).toFixed(1)} KiB`;
  return `${b.toFixed(0)} B`;
}

export function toJson(report: BenchReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

export function toMarkdown(report: BenchReport, chartFile: string | null): string {
  const o = report.options;
  const m = report.machine;
  const parts: string[] = [];
  parts.push('# Impulse benchmark');
  parts.push('');
  parts.push(
    `${report.date} · Node ${m.node} · ${m.platform}/${m.arch} · ${m.cpu} × ${m.cores}` +
      (report.quick ? ' · **quick mode: smoke test, timings are meaningless**' : ''),
  );
  parts.push('');
  parts.push(`Command: \`${report.command}\``);
  parts.push('');
  parts.push(
    `Each engine × scene × repetition runs in its own Node process: ${o.warmup} warm-up steps, then up to ` +
      `${o.steps} timed steps (each phase cut after ${o.maxSeconds} s, but at least ${o.minSteps} steps timed); ` +
      `the row is the repetition with the median of ${o.reps} medians. ` +
      'All scenes: meters, gravity (0, −10), 60 Hz, friction 0.6, density 1, sleeping off. ' +
      '"vs Impulse" is the engine\'s median time over Impulse\'s (above 1: slower than Impulse).',
  );
  parts.push('');
  parts.push('## Results');
  parts.push('');
  parts.push(mdTable(resultTable(report)));
  parts.push('');
  parts.push(
    `Sanity, taken at the end of the kept repetition ("at": simulated time, warm-up included): pyramids — ` +
      `boxes that moved more than ${MOVED_LIMIT} m from their start (the sag of soft contacts counts), of ` +
      `them those that moved more than ${MOVED_LIMIT} m sideways (a collapse), and how far the apex sank; ` +
      'joint grid — the largest distance between the two anchors of a joint; tumbler — boxes whose center ' +
      'left the tumbler. "✗ k/n" marks a figure outside the "working simulation" bounds in k of the n ' +
      "repetitions (the figure shown is the kept one's): over 1% of the boxes slid " +
      `sideways or the apex down 1 m or more; a joint gap of ${TORN_GAP} m (the grid spacing) or more; any ` +
      'box escaped. Rows cut by the time budget were simulated for less time, so their figures are not ' +
      'comparable with the others.',
  );
  const partial = report.rows.filter(
    (r) => r.error === undefined && (r.steps < o.steps || r.warmup < o.warmup),
  );
  if (partial.length > 0) {
    parts.push('');
    parts.push(
      `Rows cut by the time budget (warm-up + timed steps): ${partial
        .map((r) => `${r.engineName} on ${r.sceneId} (${r.warmup} + ${r.steps})`)
        .join(', ')}.`,
    );
  }
  if (chartFile !== null) {
    parts.push('');
    parts.push(`![ms per step against dynamic bodies](${chartFile})`);
  }
  if (report.alloc !== null) {
    const a = report.alloc;
    parts.push('');
    parts.push('## Allocation (Impulse)');
    parts.push('');
    parts.push(
      `${a.scene} (${a.bodies} boxes), ${a.steps} steps after ${a.warmup} warm-up steps and a full GC ` +
        '(node --expose-gc, PerformanceObserver on "gc" entries, v8.getHeapStatistics); two such windows ' +
        'back to back, keeping the one that allocated less (late JIT work lands in one of them):',
    );
    parts.push('');
    parts.push(
      mdTable({
        head: ['figure', 'value'],
        right: [false, true],
        rows: [
          ['heap growth over the steps (garbage included)', formatBytes(a.heapGrowthBytes)],
          ['retained after a full GC', formatBytes(a.retainedGrowthBytes)],
          ['allocated a step (sum of heap rises)', formatBytes(a.allocatedBytesPerStep)],
          ...(a.otherWindowBytesPerStep === undefined
            ? []
            : [['the same in the other window', formatBytes(a.otherWindowBytesPerStep)]]),
          [
            'GCs: minor / major / incremental / other',
            `${a.gc.minor} / ${a.gc.major} / ${a.gc.incremental} / ${a.gc.other}`,
          ],
          ['time in GC', `${a.gc.totalMs.toFixed(1)} ms`],
        ],
      }),
    );
  }
  parts.push('');
  parts.push('## Engines and settings');
  parts.push('');
  parts.push(
    mdTable({
      head: ['engine', 'settings'],
      right: [false, false],
      rows: report.engines.map((e) => [e.name, e.settings]),
    }),
  );
  parts.push('');
  return parts.join('\n');
}

// ------------------------------------------------------------------ SVG chart

export const ENGINE_COLORS: Record<string, string> = {
  impulse: '#d62728',
  'impulse-wasm': '#8c564b',
  planck: '#1f77b4',
  matter: '#2ca02c',
  rapier: '#9467bd',
  'rapier-simd': '#ff7f0e',
};

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function marker(kind: string, x: number, y: number, color: string): string {
  const p = (v: number): string => v.toFixed(1);
  switch (kind) {
    case 'manyPyramids':
      return `<rect x="${p(x - 4)}" y="${p(y - 4)}" width="8" height="8" fill="${color}"/>`;
    case 'jointGrid':
      return `<path d="M${p(x)} ${p(y - 5)} L${p(x + 5)} ${p(y + 4)} L${p(x - 5)} ${p(y + 4)} Z" fill="${color}"/>`;
    case 'tumbler':
      return `<path d="M${p(x)} ${p(y - 5)} L${p(x + 5)} ${p(y)} L${p(x)} ${p(y + 5)} L${p(x - 5)} ${p(y)} Z" fill="${color}"/>`;
    case 'rain':
      return `<path d="M${p(x)} ${p(y + 5)} L${p(x + 5)} ${p(y - 4)} L${p(x - 5)} ${p(y - 4)} Z" fill="${color}"/>`;
    case 'smash':
      return `<path d="M${p(x - 5)} ${p(y - 5)} L${p(x + 5)} ${p(y + 5)} M${p(x + 5)} ${p(y - 5)} L${p(x - 5)} ${p(y + 5)}" stroke="${color}" stroke-width="2"/>`;
    case 'spinner':
      return `<circle cx="${p(x)}" cy="${p(y)}" r="4" fill="none" stroke="${color}" stroke-width="2"/>`;
    default:
      return `<circle cx="${p(x)}" cy="${p(y)}" r="4" fill="${color}"/>`;
  }
}

function sceneKind(id: string): string {
  if (id.startsWith('pyramid')) return 'pyramid';
  return id;
}

/** log-log chart of median ms/step against dynamic body count, one colour per engine. */
export function toSvg(report: BenchReport): string {
  const W = 820;
  const H = 520;
  const left = 70;
  const right = 200;
  const top = 40;
  const bottom = 60;
  const pw = W - left - right;
  const ph = H - top - bottom;
  const rows = report.rows.filter(
    (r) => r.medianMs !== null && r.medianMs > 0 && Number.isFinite(r.medianMs),
  );
  const xs = rows.map((r) => r.dynamicBodies);
  const ys = rows.map((r) => r.medianMs!);
  const xMin = 10 ** Math.floor(Math.log10(Math.min(100, ...xs)));
  const xMax = 10 ** Math.ceil(Math.log10(Math.max(1000, ...xs)));
  const yMin = 10 ** Math.floor(Math.log10(Math.min(0.1, ...ys)));
  const yMax = 10 ** Math.ceil(Math.log10(Math.max(1, ...ys)));
  const sx = (v: number): number =>
    left + ((Math.log10(v) - Math.log10(xMin)) / Math.log10(xMax / xMin)) * pw;
  const sy = (v: number): number =>
    top + ph - ((Math.log10(v) - Math.log10(yMin)) / Math.log10(yMax / yMin)) * ph;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
  );
  const title = `Median ms per step against dynamic bodies${report.quick ? ' (quick mode)' : ''}`;
  out.push(`<title>${title}</title>`);
  out.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  out.push(`<text x="${left + pw / 2}" y="22" text-anchor="middle" font-size="15">${title}</text>`);
  // grid and ticks
  for (let d = xMin; d <= xMax; d *= 10) {
    for (const k of [1, 2, 5]) {
      const v = d * k;
      if (v > xMax) break;
      const x = sx(v).toFixed(1);
      out.push(
        `<line x1="${x}" y1="${top}" x2="${x}" y2="${top + ph}" stroke="${k === 1 ? '#ccc' : '#eee'}"/>`,
      );
      out.push(`<text x="${x}" y="${top + ph + 16}" text-anchor="middle">${v}</text>`);
    }
  }
  for (let d = yMin; d <= yMax * 1.0001; d *= 10) {
    for (const k of [1, 2, 5]) {
      const v = d * k;
      if (v > yMax * 1.0001) break;
      const y = sy(v).toFixed(1);
      out.push(
        `<line x1="${left}" y1="${y}" x2="${left + pw}" y2="${y}" stroke="${k === 1 ? '#ccc' : '#eee'}"/>`,
      );
      out.push(
        `<text x="${left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${Number(v.toPrecision(3))}</text>`,
      );
    }
  }
  out.push(`<rect x="${left}" y="${top}" width="${pw}" height="${ph}" fill="none" stroke="#333"/>`);
  out.push(`<text x="${left + pw / 2}" y="${H - 18}" text-anchor="middle">dynamic bodies (log)</text>`);
  out.push(
    `<text x="18" y="${top + ph / 2}" text-anchor="middle" transform="rotate(-90 18 ${top + ph / 2})">ms per step, median (log)</text>`,
  );
  // series: the pyramid sweep as a line, every scene as a marker
  for (const e of report.engines) {
    const color = ENGINE_COLORS[e.id] ?? '#555';
    const mine = rows.filter((r) => r.engine === e.id);
    const sweep = mine
      .filter((r) => sceneKind(r.sceneId) === 'pyramid')
      .sort((a, b) => a.dynamicBodies - b.dynamicBodies);
    if (sweep.length > 1) {
      const pts = sweep
        .map((r) => `${sx(r.dynamicBodies).toFixed(1)},${sy(r.medianMs!).toFixed(1)}`)
        .join(' ');
      out.push(`<polyline points="${pts}" fill="none" stroke="${color}" stroke-width="2"/>`);
    }
    for (const r of mine) {
      const title = `${e.name} — ${r.sceneId}: ${formatMs(r.medianMs)} ms`;
      out.push(
        `<g><title>${xmlEscape(title)}</title>${marker(sceneKind(r.sceneId), sx(r.dynamicBodies), sy(r.medianMs!), color)}</g>`,
      );
    }
  }
  // legend
  let ly = top + 10;
  const lx = left + pw + 20;
  for (const e of report.engines) {
    const color = ENGINE_COLORS[e.id] ?? '#555';
    out.push(`<line x1="${lx}" y1="${ly}" x2="${lx + 20}" y2="${ly}" stroke="${color}" stroke-width="3"/>`);
    out.push(`<text x="${lx + 28}" y="${ly}" dominant-baseline="middle">${xmlEscape(e.name)}</text>`);
    ly += 20;
  }
  ly += 10;
  const kinds: [string, string][] = [
    ['pyramid', 'pyramid sweep (line)'],
    ['manyPyramids', 'many pyramids'],
    ['jointGrid', 'joint grid'],
    ['tumbler', 'tumbler'],
    ['rain', 'rain'],
    ['smash', 'smash'],
    ['spinner', 'spinner'],
  ];
  for (const [kind, label] of kinds) {
    if (!rows.some((r) => sceneKind(r.sceneId) === kind)) continue;
    out.push(marker(kind, lx + 10, ly, '#555'));
    out.push(`<text x="${lx + 28}" y="${ly}" dominant-baseline="middle">${label}</text>`);
    ly += 20;
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
