/**
 * Bundle size of a one-route worker and a one-route Lambda handler, fw against hono, hono/tiny and
 * hono + aws-lambda, built the same way (esbuild --bundle --minify --format=esm --platform=neutral
 * --target=es2022, then gzip -9). Writes bench/.out/bundle.json and prints a table and what weighs most.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult, BenchRow } from '../lib/result';
import { buildApp, heaviestInputs, root, type BuiltApp } from './build';
import { checkApp } from './check';

interface Contestant {
  case: 'worker' | 'lambda';
  name: string;
  entry: string;
  ours: boolean;
}

const contestants: Contestant[] = [
  { case: 'worker', name: 'fw (worker(app))', entry: 'bench/bundle/apps/fw-worker.ts', ours: true },
  { case: 'worker', name: 'fw (export default app)', entry: 'bench/bundle/apps/fw-app.ts', ours: false },
  { case: 'worker', name: 'hono', entry: 'bench/bundle/apps/hono.ts', ours: false },
  { case: 'worker', name: 'hono/tiny', entry: 'bench/bundle/apps/hono-tiny.ts', ours: false },
  { case: 'lambda', name: 'fw (fw/lambda)', entry: 'bench/bundle/apps/fw-lambda.ts', ours: true },
  { case: 'lambda', name: 'hono + aws-lambda', entry: 'bench/bundle/apps/hono-lambda.ts', ours: false },
];

/** Bytes a bundle spends per package or source folder (node_modules/<pkg>, src/<dir>, targets/<dir>). */
function byGroup(app: BuiltApp): [string, number][] {
  const groups = new Map<string, number>();
  for (const { path, bytes } of heaviestInputs(app.metafile, Infinity)) {
    const parts = path.split('/');
    const key = parts[0] === 'node_modules' ? parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/') : parts.slice(0, 2).join('/');
    groups.set(key, (groups.get(key) ?? 0) + bytes);
  }
  return [...groups].sort((a, b) => b[1] - a[1]);
}

const built = new Map<Contestant, BuiltApp>();
for (const c of contestants) {
  const app = await buildApp(c.entry);
  await checkApp(c.case, app.code);
  built.set(c, app);
}

const rows: BenchRow[] = [];
for (const kind of ['worker', 'lambda'] as const) {
  const group = contestants.filter((c) => c.case === kind);
  const ours = built.get(group.find((c) => c.ours)!)!;
  for (const c of group) {
    const app = built.get(c)!;
    rows.push({
      case: `${kind}, gzip -9`,
      contestant: c.name,
      median: app.gzipBytes,
      unit: 'B',
      spread: 'deterministic',
      ratio: Number((app.gzipBytes / ours.gzipBytes).toFixed(3)),
    });
  }
  for (const c of group) {
    const app = built.get(c)!;
    rows.push({
      case: `${kind}, minified`,
      contestant: c.name,
      median: app.minBytes,
      unit: 'B',
      spread: 'deterministic',
      ratio: Number((app.minBytes / ours.minBytes).toFixed(3)),
    });
  }
}

const ourWorker = built.get(contestants[0])!;
const tiny = built.get(contestants.find((c) => c.name === 'hono/tiny')!)!;
const weight = (app: BuiltApp): string =>
  byGroup(app)
    .slice(0, 8)
    .map(([k, v]) => `${k} ${(v / 1024).toFixed(1)} KiB`)
    .join(', ');
const result: BenchResult = {
  name: 'bundle',
  command: 'npm run bench -- bundle (tsx bench/bundle/run.ts)',
  date: new Date().toISOString(),
  rows,
  goal: 'one-route fw worker smaller than hono/tiny after gzip -9',
  met: ourWorker.gzipBytes < tiny.gzipBytes,
  higherIsBetter: false,
  notes: [
    'Each app is bundled with esbuild --bundle --minify --format=esm --platform=neutral --target=es2022 (plus mainFields module,main so CommonJS-only dependencies resolve; node:* and ioredis external for all), then gzip level 9. Each bundle is checked to answer GET / with "Hello" before it is measured. Sizes are deterministic, so one build each; ratio = contestant bytes / fw bytes (above 1: fw smaller).',
    `What weighs most in the fw worker bundle (minified bytes per package or folder): ${weight(ourWorker)}.`,
    `fw/lambda bundle: ${weight(built.get(contestants[4])!)}.`,
  ].join(' '),
};

mkdirSync(join(root, 'bench', '.out'), { recursive: true });
writeFileSync(join(root, 'bench', '.out', 'bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows);
console.log(result.notes);
console.log(`Goal (${result.goal}): ${result.met ? 'met' : 'not met'}.`);
