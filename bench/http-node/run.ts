/** HTTP on Node: fw/node against raw node:http, hono on @hono/node-server and fastify; GET / -> {hello:'world'}. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runHttpBench } from './harness';

const servers = join(import.meta.dirname, 'servers');
const tsx = (file: string) => [process.execPath, '--import', 'tsx', join(servers, file)];

const breakdownCommand = [process.execPath, '--import', 'tsx', join(import.meta.dirname, 'breakdown.ts')];
const pinnedBreakdown = existsSync('/usr/bin/taskset') ? ['taskset', '-c', '0', ...breakdownCommand] : breakdownCommand;
const breakdown = JSON.parse(execFileSync(pinnedBreakdown[0], pinnedBreakdown.slice(1), { encoding: 'utf8' })) as Record<string, number>;
console.log('in-process breakdown (µs):', breakdown);
const breakdownNote = Object.entries(breakdown).map(([k, v]) => `${k} ${v} µs`).join(', ');

await runHttpBench({
  name: 'http-node',
  command: 'npm run bench -- http-node',
  ours: 'fw (fw/node)',
  contestants: [
    { name: 'fw (fw/node)', command: tsx('fw.ts') },
    { name: 'node:http (raw)', command: tsx('node-http.ts') },
    { name: 'hono + @hono/node-server', command: tsx('hono.ts') },
    { name: 'fastify', command: tsx('fastify.ts') },
  ],
  expected: { status: 200, contentType: /^application\/json/, body: (text) => JSON.stringify(JSON.parse(text)) === '{"hello":"world"}' },
  goals: { 'hono + @hono/node-server': 1.15, fastify: 1.0, 'node:http (raw)': 0.9 },
  rounds: 3,
  warmupSeconds: 3,
  seconds: 10,
  notes: 'fastify/benchmarks method (autocannon -c 100 -p 10, GET / answering {hello:"world"} as JSON), shortened to fit a few minutes. Every server runs under node --import tsx (Node 20). fw/node hands handlers a lazy Request (the undici Request is built only when a handler needs it) and opts in to the core\'s light responses (a LightResponse, instanceof Response, written straight from its string); @hono/node-server swaps the global Request/Response for lightweight ones, fw replaces no globals.' +
    ` In-process breakdown on this machine (medians, no sockets): ${breakdownNote}. A real undici Response with a body builds a ReadableStream (made transferable) on construction, which is what light responses avoid.`,
});
