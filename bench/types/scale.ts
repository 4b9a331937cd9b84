/**
 * How type-check and editor cost grow with the route count: the same route mix at several sizes (env
 * `FW_BENCH_TYPES_SIZES`, default 100,300,1000,2000), in one chain (the main cases' shape: groups of five among
 * top-level routes) and split into plain groups of 50 (`/s<n>`, Hono: sub-apps mounted with `.route()`), each with
 * a client calling 50 routes. Per project: one `tsc --extendedDiagnostics` run (check time, instantiations, types)
 * and one language-server session (completion.ts: completion after an edit of app.ts). fw is its declarations (what
 * users install); a project with type errors is a failure row, not timed.
 */
import { join } from 'node:path';
import type { BenchRow } from '../lib/result';
import { median } from '../lib/stats';
import { repoRoot } from '../lib/user-project';
import { measureCompletion } from './completion';
import { checkProject, type TscRun } from './diagnostics';
import { groupedPlan, routePlan } from './plan';
import { writeCase } from './projects';

/** The sizes of the sweep: `FW_BENCH_TYPES_SIZES` (comma-separated route counts), else 100, 300, 1000 and 2000. */
export const scaleSizes = (process.env.FW_BENCH_TYPES_SIZES ?? '100,300,1000,2000')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => Number.isInteger(size) && size >= 50);

/** Completions after an edit per session (`FW_BENCH_TYPES_EDITS`, default 1; the median is reported). */
const edits = Math.max(1, Number(process.env.FW_BENCH_TYPES_EDITS ?? 1));
/** The largest size at which Hono's completion is measured too (`FW_BENCH_TYPES_PEER_COMPLETION_MAX`, default 300). */
export const peerCompletionMax = Number(process.env.FW_BENCH_TYPES_PEER_COMPLETION_MAX ?? 300);
const groupSize = 50;
const calls = 50;
const shapes = [
  { name: 'chain', plan: (n: number) => routePlan(n, Math.round(n / 25)) },
  { name: `groups of ${groupSize}`, plan: (n: number) => groupedPlan(n, groupSize) },
] as const;
const contestants = ['fw (.d.ts)', 'hono'] as const;

/** One measured project of the sweep, or why it was not measured. */
export interface ScalePoint {
  shape: string;
  size: number;
  contestant: (typeof contestants)[number];
  run: TscRun;
  completionMs?: number;
  /** The language server's CPU time for that completion (ms), when /proc could be read. */
  completionCpuMs?: number;
  completionItems?: number;
  failure?: string;
}

const tscExe = join(repoRoot, 'node_modules', '.bin', 'tsc');

/** Writes and measures every project of the sweep under `root` (fw's declarations at `dtsPaths`). */
export async function runScale(root: string, dtsPaths: Record<string, string[]>): Promise<ScalePoint[]> {
  const points: ScalePoint[] = [];
  for (const size of scaleSizes) {
    for (const shape of shapes) {
      const label = `scale-${shape.name.replace(/\W+/g, '-')}-${size}`;
      const projects = writeCase(root, label, shape.plan(size), Math.max(1, Math.floor(size / calls)), dtsPaths);
      for (const contestant of contestants) {
        const dir = projects[contestant];
        const run = checkProject(dir);
        const point: ScalePoint = { shape: shape.name, size, contestant, run };
        if (run.errors.length > 0) {
          const codes = [...new Set(run.errors.map((e) => /error (TS\d+)/.exec(e)?.[1]))].join(', ');
          point.failure = `${run.errors.length} type errors (${codes})`;
        } else if (contestant === 'fw (.d.ts)' || size <= peerCompletionMax) {
          const completion = await measureCompletion(tscExe, dir, edits);
          point.completionMs = median(completion.afterEditMs);
          point.completionCpuMs = completion.afterEditCpuMs.length > 0 ? median(completion.afterEditCpuMs) : undefined;
          point.completionItems = completion.items;
          if (completion.items === 0) point.failure = 'no completion items';
        }
        console.log(
          `${shape.name}, ${size} routes, ${contestant}: check ${run.stats['Check time']} s, ${run.stats.Instantiations} instantiations, ${
            point.failure ??
            (point.completionMs === undefined
              ? 'completion not measured'
              : `completion after an edit ${point.completionMs.toFixed(0)} ms, ${point.completionCpuMs?.toFixed(0) ?? 'n/a'} ms CPU (${point.completionItems} items)`)
          }`,
        );
        points.push(point);
      }
    }
  }
  return points;
}

/** The sweep as rows: check time, completion after an edit, instantiations and types; a failed project as one row. */
export function scaleRows(points: ScalePoint[]): BenchRow[] {
  const rows: BenchRow[] = [];
  const find = (p: ScalePoint, contestant: string) =>
    points.find((q) => q.shape === p.shape && q.size === p.size && q.contestant === contestant && !q.failure);
  for (const p of points) {
    const title = `${p.shape}, ${p.size} routes`;
    if (p.failure) {
      rows.push({ case: `${title}: Check time`, contestant: p.contestant, median: 0, unit: 'failed', spread: p.failure });
      continue;
    }
    const hono = find(p, 'hono');
    const ratio = (ours: number | undefined, theirs: number | undefined): number | undefined =>
      ours && theirs ? Number((theirs / ours).toFixed(3)) : undefined;
    const metrics: [string, number | undefined, string, number | undefined][] = [
      ['Check time', p.run.stats['Check time'], 's', hono?.run.stats['Check time']],
      ['Completion after an edit', p.completionMs, 'ms', hono?.completionMs],
      ['Completion CPU after an edit', p.completionCpuMs, 'ms', hono?.completionCpuMs],
      ['Instantiations', p.run.stats.Instantiations / 1000, 'k', hono && hono.run.stats.Instantiations / 1000],
      ['Types', p.run.stats.Types / 1000, 'k', hono && hono.run.stats.Types / 1000],
    ];
    for (const [stat, value, unit, theirs] of metrics) {
      if (value === undefined) continue;
      rows.push({
        case: `${title}: ${stat}`,
        contestant: p.contestant,
        median: Number(value.toPrecision(4)),
        unit,
        spread: stat === 'Instantiations' || stat === 'Types' ? 'deterministic' : 'one run',
        ratio: ratio(value, theirs),
      });
    }
  }
  return rows;
}

/**
 * How a cost grows with the route count: the exponent k of cost ~ N^k fitted (least squares on logs) over the
 * sizes measured, of the per-project value minus the empty app's (`base`), or undefined with fewer than two sizes.
 */
export function growthExponent(
  points: ScalePoint[],
  shape: string,
  contestant: string,
  value: (p: ScalePoint) => number,
  base = 0,
): number | undefined {
  const xy = points
    .filter((p) => p.shape === shape && p.contestant === contestant && !p.failure)
    .map((p) => [Math.log(p.size), Math.log(Math.max(value(p) - base, 1e-6))]);
  if (xy.length < 2) return undefined;
  const mx = xy.reduce((s, [x]) => s + x, 0) / xy.length;
  const my = xy.reduce((s, [, y]) => s + y, 0) / xy.length;
  const slope = xy.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / xy.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return Number(slope.toFixed(2));
}
