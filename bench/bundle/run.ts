/**
 * Bundle size of a one-route worker (`GET /` -> "Hello") as users build it: fw/core, fw, hono and hono/tiny; and of
 * one validated `POST /users` route: fw/core with the Standard Schema compiler and valibot against hono with
 * @hono/standard-validator; fw/core with a JSON Schema compiler of request validation only (`createJsonSchemaCompiler()`),
 * fw/core with `jsonSchemaCompiler` (every part) and fw against hono with @cfworker/json-schema. Each
 * is bundled in a project outside the checkout where `fw` resolves through its exports map into the built dist/
 * (bench/lib/user-project.ts), once with esbuild's worker recipe and once with `wrangler deploy --dry-run --minify`,
 * then gzip -9. Every bundle must load from its file in workerd and answer "Hello" before its size counts.
 * Writes bench/.out/bundle.json and prints a table, the goals and what weighs most in the fw bundles.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFw } from '../lib/built-fw';
import type { BenchResult, BenchRow } from '../lib/result';
import { fwCoreMissing, makeUserProject, removeUserProject, repoRoot } from '../lib/user-project';
import { type BuiltWorker, type Bundler, bundleWorker, heaviestInputs } from './build';
import { checkWorker } from './check';

const valibotPeer = 'POST /users: hono + @hono/standard-validator + valibot';
const jsonPeer = 'POST /users: hono + @cfworker/json-schema in validator()';
const standardCore = 'POST /users: fw/core + standardSchemaCompiler + valibot';
const jsonCore = 'POST /users: fw/core + createJsonSchemaCompiler() (request validation)';

/** Each contestant with the peer its ratio is taken against (the same app on the stack edge users compare it with). */
const contestants = [
  { name: 'fw/core', app: 'fw-core.ts', peer: 'hono' },
  { name: 'fw', app: 'fw.ts', peer: 'hono' },
  { name: 'hono', app: 'hono.ts', peer: 'hono' },
  { name: 'hono/tiny', app: 'hono-tiny.ts', peer: 'hono' },
  { name: standardCore, app: 'fw-core-valibot.ts', peer: valibotPeer, validates: true },
  { name: valibotPeer, app: 'hono-valibot.ts', peer: valibotPeer, validates: true },
  { name: jsonCore, app: 'fw-core-json-schema.ts', peer: jsonPeer, validates: true },
  { name: 'POST /users: fw/core + jsonSchemaCompiler (every part)', app: 'fw-core-json-schema-all.ts', peer: jsonPeer, validates: true },
  { name: 'POST /users: fw (JSON Schema preset)', app: 'fw-json-schema.ts', peer: jsonPeer, validates: true },
  { name: jsonPeer, app: 'hono-cfworker.ts', peer: jsonPeer, validates: true },
];
const bundlers: Bundler[] = ['esbuild', 'wrangler'];
/** The goal on the Standard Schema route: at most the peer's bytes; on the JSON Schema route: at most 1.3x. */
const jsonSchemaFactor = 1.3;
const fwFullLimit = 16 * 1024;

buildFw();
const coreMissing = fwCoreMissing();
const project = makeUserProject('bundle');
const built = new Map<string, BuiltWorker>();
const failures: string[] = [];
try {
  for (const bundler of bundlers) {
    for (const c of contestants) {
      if (c.app.startsWith('fw-core') && coreMissing) continue;
      const key = `${bundler} ${c.name}`;
      try {
        const worker = await bundleWorker(project, join(import.meta.dirname, 'apps', c.app), c.app.replace(/\.ts$/, ''), bundler);
        console.log(`${key}: ${worker.minBytes} B minified, ${worker.gzipBytes} B gzip -9`);
        await checkWorker(worker.file, worker.code, c.validates);
        built.set(key, worker);
      } catch (error) {
        failures.push(`${key}: ${(error as Error).message}`);
        console.error(`\n!!! ${key} FAILED its check, its size does not count: ${(error as Error).message}\n`);
      }
    }
  }
} finally {
  removeUserProject(project);
}

const size = (bundler: Bundler, name: string): number | undefined => built.get(`${bundler} ${name}`)?.gzipBytes;
const rows: BenchRow[] = [];
for (const bundler of bundlers) {
  for (const measure of ['gzipBytes', 'minBytes'] as const) {
    for (const c of contestants) {
      const worker = built.get(`${bundler} ${c.name}`);
      if (!worker) continue;
      const peer = built.get(`${bundler} ${c.peer}`)?.[measure];
      rows.push({
        case: `${bundler}, ${measure === 'gzipBytes' ? 'gzip -9' : 'minified'}`,
        contestant: c.name,
        median: worker[measure],
        unit: 'B',
        spread: 'deterministic',
        ratio: peer ? Number((peer / worker[measure]).toFixed(3)) : undefined,
      });
    }
  }
}

/** The goals on one bundler's gzip sizes, as printable lines and whether the two firm ones hold. */
function goals(bundler: Bundler): { lines: string[]; met: boolean } {
  const [core, full, hono, tiny] = contestants.map((c) => size(bundler, c.name));
  const show = (b: number | undefined): string => (b === undefined ? 'not measured' : `${b} B`);
  const coreVsHono = core !== undefined && hono !== undefined && core <= hono;
  const fullUnder = full !== undefined && full <= fwFullLimit;
  const [standard, standardPeer, json, jsonPeerSize] = [standardCore, valibotPeer, jsonCore, jsonPeer].map((name) => size(bundler, name));
  const standardMet = standard !== undefined && standardPeer !== undefined && standard <= standardPeer;
  const jsonMet = json !== undefined && jsonPeerSize !== undefined && json <= jsonPeerSize * jsonSchemaFactor;
  return {
    met: coreVsHono && standardMet && jsonMet,
    lines: [
      `${bundler}: fw/core ${show(core)} <= hono ${show(hono)}: ${coreVsHono ? 'met' : 'not met'}`,
      `${bundler}: fw/core ${show(core)} < hono/tiny ${show(tiny)} (aim): ${core !== undefined && tiny !== undefined && core < tiny ? 'met' : 'not met'}`,
      `${bundler}: fw ${show(full)} <= 16 KiB (${fwFullLimit} B): ${fullUnder ? 'met' : 'not met'} (retired goal, shown for the record)`,
      `${bundler}: POST /users, fw/core + standardSchemaCompiler + valibot ${show(standard)} <= hono + @hono/standard-validator ${show(standardPeer)}: ${standardMet ? 'met' : 'not met'}`,
      `${bundler}: POST /users, fw/core + createJsonSchemaCompiler() ${show(json)} <= ${jsonSchemaFactor}x hono + @cfworker/json-schema ${show(jsonPeerSize)}: ${jsonMet ? 'met' : 'not met'}`,
    ],
  };
}

const weight = (name: string): string => {
  const worker = built.get(`esbuild ${name}`);
  if (!worker) return `${name}: not measured.`;
  const top = heaviestInputs(worker.metafile, 10).map(({ path, bytes }) => `${path} ${(bytes / 1024).toFixed(1)} KiB`);
  return `Heaviest inputs of the ${name} bundle (esbuild, minified bytes in the output): ${top.join(', ')}.`;
};
const esbuildGoals = goals('esbuild');
const wranglerGoals = goals('wrangler');
const result: BenchResult = {
  name: 'bundle',
  command: 'npm run bench -- bundle (tsx bench/bundle/run.ts)',
  date: new Date().toISOString(),
  rows,
  goal: `with the esbuild worker recipe, gzip -9: fw/core <= hono; one validated POST /users route: fw/core + standardSchemaCompiler + valibot <= hono + @hono/standard-validator, fw/core + createJsonSchemaCompiler() (request validation) <= ${jsonSchemaFactor}x hono + @cfworker/json-schema (aim: fw/core below hono/tiny)`,
  met: failures.length === 0 && esbuildGoals.met,
  higherIsBetter: false,
  notes: [
    'Each one-route worker (GET / -> "Hello", `export default app`) is bundled in a project outside the checkout whose node_modules/fw is a copy of the published files of the freshly built package, so `fw` and `fw/core` resolve through the exports map (workerd/worker/browser conditions -> dist/src) as for users; the bench fails if any bundled file comes from outside node_modules.',
    'esbuild: the worker recipe (--bundle --minify --format=esm --platform=neutral --target=es2022, conditions workerd,worker,browser, mainFields module,main, node:* and cloudflare:* external; as bundleConfig("worker")). wrangler: `wrangler deploy --dry-run --minify` (wrangler 4.86 bundles with platform browser, target es2024 and keepNames, and ends the file with a sourceMappingURL comment).',
    'Each bundle is then checked: no import() with a non-literal argument, and loaded from its file (Miniflare scriptPath, cf: false) it answers GET / with 200 "Hello"; only checked bundles count. Sizes are deterministic (one build each). ratio = the peer bytes / the contestant bytes with the same bundler (above 1: smaller than the peer); the peer of the one-route workers is hono, that of each POST /users worker the hono stack with the same validation (valibot through @hono/standard-validator, or @cfworker/json-schema wired by hand in validator()). Each POST /users worker is also checked to answer 201 for a valid user and 400 for an invalid one.',
    coreMissing ? `fw/core skipped: ${coreMissing}.` : '',
    failures.length > 0 ? `FAILED checks (not counted): ${failures.join(' ; ')}.` : '',
    `Goals: ${[...esbuildGoals.lines, ...wranglerGoals.lines].join('; ')}.`,
    weight('fw/core'),
    weight('fw'),
    weight(standardCore),
    weight(jsonCore),
  ]
    .filter(Boolean)
    .join(' '),
};

mkdirSync(join(repoRoot, 'bench', '.out'), { recursive: true });
writeFileSync(join(repoRoot, 'bench', '.out', 'bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows);
console.log(`\n${weight('fw/core')}\n${weight('fw')}\n`);
for (const line of [...esbuildGoals.lines, ...wranglerGoals.lines]) console.log(`Goal ${line}`);
if (coreMissing) console.log(`\nfw/core skipped: ${coreMissing}`);
if (failures.length > 0) {
  console.error(`\n${failures.length} bundle(s) FAILED their check:\n${failures.join('\n')}`);
  process.exit(1);
}
