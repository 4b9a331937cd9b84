/**
 * Fresh measurements of one worker bundle in its own process: for each sample it starts a new miniflare (workerd)
 * with the bindings of wrangler.toml, times setup to first response and first dispatch after ready, then a few
 * warm requests, and disposes it. Prints `[{ setupMs, firstMs, warmMs, status, body }, ...]` as JSON on stdout.
 * A throwaway raw worker runs first so miniflare's own Node-side first-use costs are not charged to the contestant.
 * The worker options (wrangler.toml's bindings) come as JSON from run.ts, which reads them with wrangler once.
 * Usage: probe.ts <bundle.js> <path> <samples> <worker-options.json>
 */
import { Miniflare, type MiniflareOptions } from 'miniflare';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const [bundle, path, count, optionsFile] = process.argv.slice(2);
// The bundle, plus the text modules wrangler kept beside it (the example's SQL migration).
const dir = dirname(bundle);
const modules = [
  { type: 'ESModule', path: basename(bundle), contents: readFileSync(bundle, 'utf8') },
  ...readdirSync(dir)
    .filter((name) => /\.(sql|txt|html)$/.test(name))
    .map((name) => ({ type: 'Text', path: name, contents: readFileSync(join(dir, name), 'utf8') })),
];
const options = { ...JSON.parse(readFileSync(optionsFile, 'utf8')), modules, cf: false } as MiniflareOptions;
const url = `http://localhost${path}`;

const harness = new Miniflare({
  cf: false,
  modules: true,
  script: 'export default { fetch: () => new Response("warm") }',
  compatibilityDate: '2026-04-01',
});
await (await harness.dispatchFetch('http://localhost/')).text();
await harness.dispose();

const samples = [];
for (let n = 0; n < Number(count); n++) {
  const started = performance.now();
  const mf = new Miniflare(options);
  await mf.ready;
  const ready = performance.now();
  const first = await mf.dispatchFetch(url);
  const body = await first.text();
  const answered = performance.now();
  const warm: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    await (await mf.dispatchFetch(url)).text();
    warm.push(performance.now() - t);
  }
  await mf.dispose();
  warm.sort((a, b) => a - b);
  samples.push({ setupMs: answered - started, firstMs: answered - ready, warmMs: warm[warm.length >> 1], status: first.status, body });
}
console.log(JSON.stringify(samples));
