/**
 * Type-check cost of a typed app and its client: generates the same app (300 routes with schemas, a client calling
 * 50 of them; and a 40-route one, and an empty one for the fixed cost) for fw and for Hono with `hc`, in a temp folder
 * outside the checkout, and runs `tsc -p <project> --noEmit --extendedDiagnostics --checkers 1` on each, rounds
 * alternating the order. A project counts only when it type-checks with no error. Writes bench/.out/types.json (check and total time)
 * and bench/.out/types-work.json (instantiations, types, memory).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import type { BenchResult, BenchRow } from '../lib/result';
import { median, spread } from '../lib/stats';
import { repoRoot } from '../lib/user-project';
import { emitFwDeclarations } from './declarations';
import { checkProject, tscArgs, tscVersion, type TscRun } from './diagnostics';
import { routePlan } from './plan';
import { type CaseProjects, makeRoot, removeRoot, writeCase } from './projects';
import { growthExponent, peerCompletionMax, runScale, type ScalePoint, scaleRows, scaleSizes } from './scale';

const cases = [
  { label: 'r300', title: '300 routes, 50 calls', total: 300, groups: 12, step: 6 },
  { label: 'r40', title: '40 routes, 40 calls', total: 40, groups: 2, step: 1 },
  { label: 'r0', title: 'no routes', total: 0, groups: 0, step: 1 },
];
const contestants: (keyof CaseProjects)[] = ['fw', 'fw (.d.ts)', 'hono'];
/** Rounds of the main cases (`FW_BENCH_TYPES_ROUNDS`, default 5). */
const rounds = Math.max(1, Number(process.env.FW_BENCH_TYPES_ROUNDS ?? 5));
const metrics = [
  { stat: 'Check time', result: 'types', unit: 's', scale: 1 },
  { stat: 'Total time', result: 'types', unit: 's', scale: 1 },
  { stat: 'Instantiations', result: 'types-work', unit: 'k', scale: 1 / 1000 },
  { stat: 'Types', result: 'types-work', unit: 'k', scale: 1 / 1000 },
  { stat: 'Memory used', result: 'types-work', unit: 'MB', scale: 1 / 1024 },
];

const version = tscVersion();
const loadAtStart = loadavg()[0];
const root = makeRoot();
const runs = new Map<string, TscRun[]>();
const failures = new Map<string, TscRun>();
let declarationErrors = 0;
let scale: ScalePoint[] = [];
try {
  const declarations = emitFwDeclarations(root);
  declarationErrors = declarations.errors;
  const projects = new Map<string, string>();
  for (const c of cases) {
    const written = writeCase(root, c.label, routePlan(c.total, c.groups), c.step, declarations.paths);
    for (const name of contestants) projects.set(`${c.title}, ${name}`, written[name]);
  }
  const order = [...projects.keys()];
  for (let round = 0; round < rounds; round++) {
    for (const key of round % 2 === 0 ? order : [...order].reverse()) {
      if (failures.has(key)) continue;
      const run = checkProject(projects.get(key)!);
      if (run.errors.length > 0) {
        failures.set(key, run);
        console.error(`${key}: ${run.errors.length} type errors, not timed; first: ${run.errors[0]}`);
        continue;
      }
      runs.set(key, [...(runs.get(key) ?? []), run]);
      console.log(`round ${round + 1} ${key}: check ${run.stats['Check time']} s, ${run.stats.Instantiations} instantiations`);
    }
  }
  scale = await runScale(root, declarations.paths);
} finally {
  removeRoot(root);
}

const values = (c: (typeof cases)[number], name: string, stat: string, scale = 1): number[] =>
  (runs.get(`${c.title}, ${name}`) ?? []).map((r) => r.stats[stat] * scale);
const rows = new Map<string, BenchRow[]>([
  ['types', []],
  ['types-work', []],
]);
for (const c of cases) {
  for (const m of metrics) {
    const hono = median(values(c, 'hono', m.stat, m.scale));
    for (const name of contestants) {
      const samples = values(c, name, m.stat, m.scale);
      if (samples.length === 0) continue;
      const value = median(samples);
      rows.get(m.result)!.push({
        case: `${c.title}: ${m.stat}`,
        contestant: name,
        median: Number(value.toPrecision(4)),
        unit: m.unit,
        spread: Math.min(...samples) === Math.max(...samples) ? 'deterministic' : spread(samples),
        ratio: hono ? Number((hono / value).toFixed(3)) : undefined,
      });
    }
  }
}

/** Why a project was not timed: its error count, error codes and first error (from its file name on). */
const failure = (key: string, run: TscRun): string => {
  const codes = [...new Set(run.errors.map((e) => /error (TS\d+)/.exec(e)?.[1]))].join(', ');
  return `${key}: ${run.errors.length} errors (${codes}), first \`${run.errors[0].replace(/^.*\//, '')}\``;
};
/** Instantiations one more route costs: the 40-route case minus the empty one, per route. */
const perRoute = (name: string): string => {
  const [many, none] = [cases[1], cases[2]].map((c) => median(values(c, name, 'Instantiations')));
  return `${name} ${many === undefined || none === undefined ? 'n/a' : Math.round((many - none) / cases[1].total)}`;
};
/** The contestant's median check time over hono's (the issue's ratio; at most 1 meets the goal), or why there is none. */
const fwOverHono = (c: (typeof cases)[number], name: string): string => {
  const [ours, hono] = [name, 'hono'].map((n) => median(values(c, n, 'Check time')));
  return ours === undefined ? 'type errors' : hono === undefined ? 'n/a' : (ours / hono).toFixed(2);
};
const packageVersion = (name: string): string =>
  (JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
const fw300 = rows.get('types')!.find((r) => r.case === `${cases[0].title}: Check time` && r.contestant === 'fw (.d.ts)');
const met = fw300?.ratio !== undefined && fw300.ratio >= 1;
const command = `npm run bench -- types (tsx bench/types/run.ts; each project: npx tsc -p <dir> ${tscArgs.join(' ')})`;
const date = new Date().toISOString();
const shared = [
  `Compiler: \`tsc -v\` = ${version}${/Version [7-9]\./.test(version) ? ' — tsgo, the native TypeScript 7 compiler (typescript@7), not tsc 5.x: absolute times are not comparable with TypeScript 5 numbers' : ''}.`,
  `Runs with \`--checkers 1\` (tsgo's default is 4 checkers, each with its own type cache, so Types/Instantiations depend on how files are split among them; with 4, a program holding fw's sources can also report order-dependent errors inside src/core/fw.ts and group.ts).`,
  `${rounds} rounds alternating the order, median; a project with any type error is not timed. Load average (1 min) at the start and end of this run: ${loadAtStart.toFixed(1)} and ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores (times grow with it; instantiations and types do not).`,
  `Generated app (bench/types/README.md): ${cases.map((c) => `${c.title} = ${c.total ? `${c.total - c.groups * 5} top-level routes and ${c.groups} groups of 5` : 'the app alone and a client making no call'}`).join('; ')}; route mix: GETs with 1-2 path params, POSTs with an inline JSON Schema body and response schema, POSTs with a zod body, groups of five under /g<n>/:org returning their group (hono: the same paths in its chain, zod bodies through hono/validator).`,
  `fw = fw resolved from the repo's sources (tsconfig paths -> src/*.ts, so tsc also checks fw's own implementation); fw (.d.ts) = fw's declarations emitted by tsc from the same sources (what an installed package gives, skipLibCheck)${declarationErrors ? `, emitted with ${declarationErrors} errors` : ''}; hono = hono ${packageVersion('hono')} from node_modules (.d.ts, skipLibCheck), zod ${packageVersion('zod')} for both. ratio = hono / contestant (above 1: cheaper than hono).`,
  `fw/hono check time: ${cases.map((c) => `${c.title}: ${(['fw', 'fw (.d.ts)'] as const).map((name) => `${name} ${fwOverHono(c, name)}`).join(', ')}`).join('; ')}.`,
  `Instantiations per route (${cases[1].title} minus ${cases[2].title}, / ${cases[1].total}): ${contestants.map(perRoute).join(', ')}.`,
  failures.size > 0 ? `Not timed (type errors): ${[...failures].map(([key, run]) => failure(key, run)).join('; ')}.` : '',
];
const goal = `fw (.d.ts), what an app that installs fw checks, type-checks the 300-route app and its client in at most hono's check time (ratio >= 1)`;
const results: BenchResult[] = [
  { name: 'types', command, date, rows: rows.get('types')!, goal, met, higherIsBetter: false, notes: shared.filter(Boolean).join(' ') },
  {
    name: 'types-work',
    command,
    date,
    rows: rows.get('types-work')!,
    higherIsBetter: false,
    notes: 'The same runs as the types section: instantiations and types (thousands) and memory (MB) tsc reported for each project.',
  },
];
const emptyApp = (name: string, stat: string): number => median(values(cases[2], name, stat)) ?? 0;
const exponents = (['chain', 'groups of 50'] as const).flatMap((shape) =>
  (['fw (.d.ts)', 'hono'] as const).map((name) => {
    const check = growthExponent(scale, shape, name, (p) => p.run.stats['Check time'], emptyApp(name, 'Check time'));
    const work = growthExponent(scale, shape, name, (p) => p.run.stats.Instantiations, emptyApp(name, 'Instantiations'));
    return `${name} ${shape}: check time N^${check ?? 'n/a'}, instantiations N^${work ?? 'n/a'}`;
  }),
);
const largest = Math.max(...scaleSizes);
const fwLargest = scale.find((p) => p.shape === 'chain' && p.size === largest && p.contestant === 'fw (.d.ts)' && !p.failure);
const scaleGoal = `fw (.d.ts) grows about linearly in a chain as in groups (exponent of check time and instantiations at most 1.1), and checks the ${largest}-route chain in under 5 s with a completion after an edit under 1 s`;
const scaleMet =
  fwLargest !== undefined &&
  fwLargest.run.stats['Check time'] < 5 &&
  (fwLargest.completionMs ?? Infinity) < 1000 &&
  [growthExponent(scale, 'chain', 'fw (.d.ts)', (p) => p.run.stats.Instantiations, emptyApp('fw (.d.ts)', 'Instantiations'))].every(
    (k) => k !== undefined && k <= 1.1,
  );
const scaleNotes = [
  `Sizes ${scaleSizes.join(', ')} (\`FW_BENCH_TYPES_SIZES\`); chain = the main cases' shape (groups of five among top-level routes, one chain from \`new Fw()\` / \`new Hono()\`); groups of 50 = the same route mix in plain groups of 50 (\`.group('/s<n>', …)\` returning its group; Hono: sub-apps mounted with \`.route()\`); each with a client calling 50 routes. One \`tsc\` run per project (times: one run, machine load applies; instantiations and types are deterministic).`,
  `Completion after an edit: tsgo's language server (\`tsc --lsp --stdio\`, lsp.ts): app.ts and client.ts opened, a comment appended to app.ts, then completions asked at the client's last line (fw: the path of \`client.get('')\`; Hono: after \`client.\`); median of ${process.env.FW_BENCH_TYPES_EDITS ?? 1} edit(s); Hono's only up to ${peerCompletionMax} routes (\`FW_BENCH_TYPES_PEER_COMPLETION_MAX\`), to keep the section to a few minutes.`,
  `Growth (cost ~ N^k over the sizes, the empty app's cost subtracted): ${exponents.join('; ')}.`,
  fwLargest
    ? `fw (.d.ts), chain of ${largest} routes: check ${fwLargest.run.stats['Check time']} s, completion after an edit ${fwLargest.completionMs?.toFixed(0)} ms.`
    : '',
  scale.some((p) => p.failure)
    ? `Failed (type errors, not timed): ${scale
        .filter((p) => p.failure)
        .map((p) => `${p.contestant} ${p.shape} ${p.size}: ${p.failure}`)
        .join('; ')}.`
    : '',
];
results.push({
  name: 'types-scale',
  command,
  date,
  rows: scaleRows(scale),
  goal: scaleGoal,
  met: scaleMet,
  higherIsBetter: false,
  notes: scaleNotes.filter(Boolean).join(' '),
});
mkdirSync(join(repoRoot, 'bench', '.out'), { recursive: true });
for (const result of results) writeFileSync(join(repoRoot, 'bench', '.out', `${result.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
console.table([...rows.values()].flat());
console.log(`\nGoal: ${goal}: ${met ? 'met' : 'not met'}.`);
for (const line of shared.filter(Boolean)) console.log(line);
console.table(scaleRows(scale));
console.log(`\nGoal: ${scaleGoal}: ${scaleMet ? 'met' : 'not met'}.`);
for (const line of scaleNotes.filter(Boolean)) console.log(line);
if ([...failures.keys()].some((key) => key.endsWith(', hono'))) {
  console.error('\nA hono project did not type-check: the generated app is wrong, fix the generator.');
  process.exit(1);
}
