/**
 * One contestant of the static-files bench in its own process:
 * `tsx bench/static-files/contestant.ts <case> <framework> <n>` with case small | large | range and framework fw | hono.
 * Writes the same files to a fresh folder under bench/.out, builds the app, checks its answers, then times n in-process requests
 * (bodies read to the end); prints `{ usPerOp }`.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { large, small, writeBenchFiles } from './files';

type Fetch = (request: Request) => Response | Promise<Response>;

const [which, framework, count] = process.argv.slice(2);
const n = Number(count);
const dir = join(import.meta.dirname, `../.out/static-files-site-${process.pid}`);
mkdirSync(dir, { recursive: true });
writeBenchFiles(dir);

async function fwApp(): Promise<Fetch> {
  const { Fw, staticFiles } = await import('../../targets/node/fw');
  const app = new Fw();
  app.use(staticFiles(dir));
  await app.ready();
  return (request) => app.fetch(request);
}

async function honoApp(): Promise<Fetch> {
  const { Hono } = await import('hono');
  const { serveStatic } = await import('@hono/node-server/serve-static');
  const app = new Hono();
  app.use('*', serveStatic({ root: dir }));
  return (request) => app.fetch(request);
}

function request(): Request {
  if (which === 'small') return new Request('http://bench.test/style.css');
  if (which === 'large') return new Request('http://bench.test/big.bin');
  return new Request('http://bench.test/big.bin', { headers: { range: 'bytes=1024-5119' } });
}

const expected = which === 'small' ? small : which === 'large' ? large : large.subarray(1024, 5120);

async function check(fetch: Fetch): Promise<void> {
  const response = await fetch(request());
  const body = new Uint8Array(await response.arrayBuffer());
  const status = which === 'range' ? 206 : 200;
  if (response.status !== status || body.byteLength !== expected.byteLength || !body.every((b, i) => b === expected[i])) {
    throw new Error(`${framework} ${which}: wrong answer (status ${response.status}, ${body.byteLength} bytes)`);
  }
}

const fetch = framework === 'fw' ? await fwApp() : await honoApp();
await check(fetch);
for (let i = 0; i < 300; i++) await (await fetch(request())).arrayBuffer();
const started = performance.now();
for (let i = 0; i < n; i++) await (await fetch(request())).arrayBuffer();
const usPerOp = ((performance.now() - started) * 1000) / n;
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ usPerOp }));
