/** HTTP on Node: fw/node against raw node:http, hono on @hono/node-server and fastify (with and without response schemas), on the shared bench app. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildFw, withBuiltFw } from '../lib/built-fw';
import { runHttpBench } from './harness';

const servers = join(import.meta.dirname, 'servers');
const tsx = (file: string) => [process.execPath, '--import', 'tsx', join(servers, file)];

buildFw();
const breakdownCommand = [process.execPath, '--import', 'tsx', join(import.meta.dirname, 'breakdown.ts')];
const pinnedBreakdown = existsSync('/usr/bin/taskset') ? ['taskset', '-c', '0', ...breakdownCommand] : breakdownCommand;
const breakdown = JSON.parse(execFileSync(pinnedBreakdown[0], pinnedBreakdown.slice(1), { encoding: 'utf8' })) as Record<string, number>;
console.log('in-process breakdown (µs):', breakdown);
const breakdownNote = Object.entries(breakdown)
  .map(([k, v]) => `${k} ${v} µs`)
  .join(', ');

const hono = 'hono + @hono/node-server';
const fastify = 'fastify (response schemas)';
const fastifyPlain = 'fastify (no response schema)';
const raw = 'node:http (raw)';

await runHttpBench({
  name: 'http-node',
  command: 'npm run bench -- http-node',
  ours: 'fw (fw/node)',
  contestants: [
    { name: 'fw (fw/node)', command: withBuiltFw(tsx('fw.ts')) },
    { name: raw, command: tsx('node-http.ts') },
    { name: hono, command: tsx('hono.ts') },
    { name: fastify, command: tsx('fastify.ts') },
    { name: fastifyPlain, command: tsx('fastify-no-schema.ts') },
  ],
  goals: [
    { peer: hono, ratio: 1.15, cases: ['hello', 'ping', 'query', 'body'] },
    { peer: fastify, ratio: 1.0, cases: ['hello', 'ping', 'query', 'body', 'validated'] },
    { peer: fastifyPlain, ratio: 1.0, cases: ['hello', 'ping', 'query', 'body', 'validated'] },
    { peer: raw, ratio: 0.9, cases: ['hello', 'ping', 'query', 'body'] },
  ],
  notes: [
    'Issue #10\'s app, the same in every server (bench/lib/http-app.ts): bun-http-framework-benchmark\'s 224 background routes registered first (each answers "ok"), then',
    'hello GET / -> {"hello":"world"} JSON (the fastify/benchmarks case);',
    'ping GET /ping -> "Hi" (bun-http-framework-benchmark\'s Ping, moved off / which hello keeps);',
    'query GET /id/1?name=bun -> "1 bun" with x-powered-by: benchmark;',
    'body POST /json {"hello":"world"} -> the parsed body echoed as JSON;',
    'validated POST /users {"name":"Ann","age":30} -> 201 with the user as JSON, the body checked against {name: string minLength 1, age: integer >= 0, both required, no other properties};',
    'middleware GET /mw/hello -> "mw" behind one middleware that sets x-middleware: on.',
    "Validation: fw by the route's schema option (@cfworker/json-schema behind fw's closure-compiled quick check, no code generation); fastify by its built-in ajv (code-generated; its default removeAdditional strips an extra property instead of refusing it); hono by hono/validator with a hand check; raw node:http by JSON.parse and the same hand check.",
    'Before timing, each server must also answer two background routes and refuse (4xx) six invalid users.',
    "The middleware: fw use('/mw/*'), hono use('/mw/*'), fastify an onRequest hook in a plugin under /mw, raw a function call.",
    'fastify (response schemas) serializes GET / and POST /users with fast-json-stringify as in fastify/benchmarks; fastify (no response schema) uses JSON.stringify; fw has no response schema. fastify handlers and hooks are async, as in this bench before.',
    'The raw server matches the timed paths by hand before its 224 background routes (it has no router), so it is a floor, not a like-for-like app.',
    'No goal on the middleware case (the issue sets none); the validated POST is held to fastify only.',
    "Every server runs under node --import tsx (Node 20); fw runs from its built package (dist/, built at the start of the bench, as npm install fw ships it; bench/lib/built-fw.ts), as the peers run from their published JavaScript: from its TypeScript sources under tsx it pays tsx's keepNames wrappers and source maps, about 30% more server CPU on the body case. fw/node hands handlers a lazy Request and writes the core's light responses; @hono/node-server swaps the global Request/Response for lightweight ones, fw replaces no globals.",
    `In-process breakdown of GET / on this machine (medians, no sockets): ${breakdownNote}.`,
  ].join(' '),
});
