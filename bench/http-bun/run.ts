/** HTTP on Bun: fw/bun against raw Bun.serve, hono on Bun and elysia; GET / -> {hello:'world'}. */
import { join } from 'node:path';
import { runHttpBench } from '../http-node/harness';

const servers = join(import.meta.dirname, 'servers');
const bun = (file: string) => [join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'bun'), 'run', join(servers, file)];

await runHttpBench({
  name: 'http-bun',
  command: 'npm run bench -- http-bun',
  ours: 'fw (fw/bun)',
  contestants: [
    { name: 'fw (fw/bun)', command: bun('fw.ts') },
    { name: 'Bun.serve (raw)', command: bun('bun-raw.ts') },
    { name: 'hono on Bun', command: bun('hono.ts') },
    { name: 'elysia', command: bun('elysia.ts') },
  ],
  expected: { status: 200, contentType: /^application\/json/, body: (text) => JSON.stringify(JSON.parse(text)) === '{"hello":"world"}' },
  goals: { 'hono on Bun': 1.1, 'Bun.serve (raw)': 0.9 },
  rounds: 3,
  warmupSeconds: 3,
  seconds: 10,
  notes: 'Same method as http-node (autocannon -c 100 -p 10, GET / answering {hello:"world"} as JSON) with every server under the Bun binary of the bun npm package (1.4.x). autocannon runs on Node and is often the bottleneck against Bun on 2 cores: the CPU time per request below is the steadier comparison. Light responses (fw/node) do not apply on Bun: Bun.serve only accepts its native Response, which is cheap to build there.',
});
