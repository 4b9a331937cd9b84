/** HTTP on Bun: fw/bun against raw Bun.serve, hono on Bun and elysia, on the shared bench app. */
import { join } from 'node:path';
import { runHttpBench } from '../http-node/harness';

const servers = join(import.meta.dirname, 'servers');
const bun = (file: string) => [join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'bun'), 'run', join(servers, file)];

const hono = 'hono on Bun';
const raw = 'Bun.serve (raw)';

await runHttpBench({
  name: 'http-bun',
  command: 'npm run bench -- http-bun',
  ours: 'fw (fw/bun)',
  contestants: [
    { name: 'fw (fw/bun)', command: bun('fw.ts') },
    { name: raw, command: bun('bun-raw.ts') },
    { name: hono, command: bun('hono.ts') },
    { name: 'elysia', command: bun('elysia.ts') },
  ],
  goals: [
    { peer: hono, ratio: 1.1, cases: ['hello', 'ping', 'query', 'body'] },
    { peer: raw, ratio: 0.9, cases: ['hello', 'ping', 'query', 'body'] },
  ],
  notes: [
    'The same app and cases as http-node (bench/lib/http-app.ts: 224 background routes, then hello GET /, ping GET /ping, query GET /id/1?name=bun with x-powered-by, body POST /json echo, validated POST /users -> 201, middleware GET /mw/hello with x-middleware), every server under the Bun binary of the bun npm package.',
    "Validation: fw by the route's schema option (the same app as on Node); elysia by its t schema (TypeBox, compiled; like fastify's ajv on Node, it strips an extra property instead of refusing it); hono by hono/validator with a hand check; raw Bun.serve by the hand check.",
    "The middleware: fw and hono use('/mw/*'), elysia a guard's beforeHandle, raw a function wrapping the handler.",
    "Raw Bun.serve puts every route, the 224 background ones included, in Bun's native routes table; fw, hono and elysia route in JavaScript.",
    'Goals on hello, ping, query and body (as on Node); the validated POST and the middleware case are reported without a goal (the issue sets their goal only against fastify, which is Node-only).',
    'autocannon runs on Node and is often the bottleneck against Bun on 2 cores: the CPU time per request (http-bun-cpu) is the steadier comparison. Light responses (fw/node) do not apply on Bun: Bun.serve only accepts its native Response, which is cheap to build there.',
  ].join(' '),
});
