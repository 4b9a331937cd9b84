/**
 * Workerd CPU per request of an authenticated CORS request (bearerAuth on an API-key header, cors, jwt HS256, then
 * GET /api/me answering the token's `sub`): fw/core and fw against hono with hono/bearer-auth, hono/cors and hono/jwt.
 * Bundles are built as users build them (wrangler in a project outside the checkout, bench/bundle/build.ts); each
 * runs in its own Miniflare around harness.js, and rounds interleave the contestants (bench/worker/request.ts).
 * Writes bench/.out/auth-stack.json.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { bundleWorker } from '../bundle/build';
import { checkWorker } from '../bundle/check';
import { buildFw } from '../lib/built-fw';
import type { BenchResult, BenchRow } from '../lib/result';
import { median } from '../lib/stats';
import { makeUserProject, removeUserProject, repoRoot } from '../lib/user-project';
import { type Loop, type LoopCase, openLoop } from '../worker/request';

const rounds = Number(process.env.REQUEST_ROUNDS ?? 30);
const n = Number(process.env.REQUESTS ?? 2000);
const apps = join(import.meta.dirname, 'apps');
const contestants = [
  { name: 'fw/core', slug: 'fw-core' },
  { name: 'fw', slug: 'fw' },
  { name: 'hono', slug: 'hono' },
];
type Contestant = (typeof contestants)[number];

const secret = new TextEncoder().encode('bench-jwt-secret-0123456789-abcdefghij');
const token = await new SignJWT({ sub: 'user-1', role: 'reader' })
  .setProtectedHeader({ alg: 'HS256' })
  .setIssuedAt()
  .setExpirationTime('2h')
  .sign(secret);
const loop = {
  name: 'api',
  check: (a: { status: number; origin: string | null; body: string }) =>
    a.status === 200 && a.origin === 'https://app.example' && a.body.replace(/\s/g, '') === '{"sub":"user-1"}',
} as LoopCase;

/** Puts harness.js (with the token) next to a copy of `bundle` (as app.mjs) in `dir`, and returns the harness's path. */
function harnessFor(bundle: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  copyFileSync(bundle, join(dir, 'app.mjs'));
  const harness = readFileSync(join(import.meta.dirname, 'harness.js'), 'utf8').replace("'__TOKEN__'", JSON.stringify(token));
  writeFileSync(join(dir, 'harness.mjs'), harness);
  return join(dir, 'harness.mjs');
}

buildFw();
const project = makeUserProject('auth-stack');
const samples = new Map<Contestant, number[]>(contestants.map((c) => [c, []]));
const sizes = new Map<Contestant, number>();
const open = new Map<Contestant, Loop>();
try {
  for (const c of contestants) {
    const built = await bundleWorker(project, join(apps, `${c.slug}.ts`), `auth-${c.slug}`, 'wrangler');
    await checkWorker(built.file, built.code);
    sizes.set(c, Buffer.byteLength(built.code));
    open.set(c, await openLoop(harnessFor(built.file, join(project, 'loops', c.slug)), loop, n));
  }
  for (let round = 0; round < rounds; round++) {
    for (const c of round % 2 === 0 ? contestants : [...contestants].reverse()) samples.get(c)!.push((await open.get(c)!.sample(n)) / 1000);
    process.stdout.write(`round ${round + 1}/${rounds}\r`);
  }
} finally {
  for (const running of open.values()) await running.close();
  removeUserProject(project);
}

const hono = contestants.find((c) => c.name === 'hono')!;
const us = (c: Contestant): number => median(samples.get(c)!);
const rows: BenchRow[] = contestants.map((c) => ({
  case: 'GET /api/me with bearerAuth + cors + jwt (HS256), in isolate',
  contestant: c.name,
  median: Number(us(c).toFixed(1)),
  unit: 'µs CPU/request',
  spread: `${Math.min(...samples.get(c)!).toFixed(1)}-${Math.max(...samples.get(c)!).toFixed(1)}`,
  ratio: Number((us(hono) / us(c)).toFixed(2)),
}));
const goals: [string, boolean][] = contestants
  .filter((c) => c !== hono)
  .map((c) => [`${c.name} CPU per request <= hono (${(us(hono) / us(c)).toFixed(2)}x)`, us(c) <= us(hono)]);
const result: BenchResult = {
  name: 'auth-stack',
  command: 'npm run bench -- auth-stack (tsx bench/auth-stack/run.ts)',
  date: new Date().toISOString(),
  rows,
  goal: 'a request through bearerAuth + cors + jwt costs no more workerd CPU on fw than on hono',
  met: goals.every(([, ok]) => ok),
  higherIsBetter: false,
  notes: [
    "Same stack on each side: CORS for https://app.example, bearerAuth on the x-api-key header (one fixed token), jwt with HS256 on Authorization; the route answers the token's sub as JSON. fw/core uses fw/cors, fw/bearer-auth and fw/jwt on the kernel; fw the same modules on the full app; hono hono/cors, hono/bearer-auth and hono/jwt.",
    `Bundles: wrangler deploy --dry-run --minify in a project outside the checkout (fw through its exports map); each must answer GET / with "Hello" first. Sizes (minified, not gzipped): ${contestants.map((c) => `${c.name} ${(sizes.get(c)! / 1024).toFixed(1)} KB`).join(', ')}.`,
    `CPU is the workerd process's, from /proc (bench/worker/workerd-cpu.ts): harness.js makes and answers ${n} requests inside the worker per sample, reading each answer; ${rounds} rounds in alternating order after a warm-up of ${n}; the last answer is checked (200, Access-Control-Allow-Origin, body). ratio = hono's µs / the contestant's (above 1: fw uses less CPU).`,
    `Goals: ${goals.map(([text, ok]) => `${text}: ${ok ? 'met' : 'not met'}`).join('; ')}.`,
  ].join(' '),
};

mkdirSync(join(repoRoot, 'bench', '.out'), { recursive: true });
writeFileSync(join(repoRoot, 'bench', '.out', 'auth-stack.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows);
for (const [text, ok] of goals) console.log(`Goal ${text}: ${ok ? 'met' : 'not met'}`);
