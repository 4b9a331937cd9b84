/**
 * Profiles fw-mcp's own per-call path: stateless `tools/call` (both eras) handed to `app.fetch` in process, no
 * sockets, so what is left is fw and fw-mcp. Prints µs per call and, with `--profile <file>`, writes a V8 CPU
 * profile (node:inspector) and prints its top self-time frames. Run from the built packages, as the bench does:
 * `npm run build && TSX_TSCONFIG_PATH=bench/tsconfig.dist.json npx tsx bench/mcp/profile-call.ts [--modern] [--profile out.cpuprofile]`;
 * `--baseline` times a plain fw route instead, `--compare` both in alternating slices (the ratio holds under load).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { Fw } from 'fw';
import { createMCPPlugin, createMCPServer } from 'fw-mcp';

const modern = process.argv.includes('--modern');
/** `--baseline`: the same call answered by a plain fw route (read, parse, check, answer), what fw alone costs. */
const baseline = process.argv.includes('--baseline');
const profileAt = process.argv.indexOf('--profile');
const profileFile = profileAt > 0 ? process.argv[profileAt + 1] : undefined;
const calls = Number(process.env.PROFILE_CALLS ?? 200_000);
const concurrency = 10;

const server = createMCPServer(null, { name: 'bench', version: '1.0.0' }).addTool<{ a: number; b: number }>({
  name: 'add',
  description: 'Adds two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  handler: ({ a, b }) => String(a + b),
});
const app = new Fw();
await app.plugin(createMCPPlugin(server));
app.post('/baseline', async (ctx) => {
  const message = JSON.parse(await ctx.request.text()) as { id: number; params: { arguments: { a: number; b: number } } };
  const { a, b } = message.params.arguments;
  return Response.json({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: String(a + b) }] } });
});

const headers: Record<string, string> = {
  host: '127.0.0.1',
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': modern ? '2026-07-28' : '2025-06-18',
  ...(modern ? { 'mcp-method': 'tools/call', 'mcp-name': 'add' } : {}),
};
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
};
const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'add', arguments: { a: 2, b: 40 }, ...(modern ? { _meta: meta } : {}) },
});
headers['content-length'] = String(new TextEncoder().encode(body).byteLength);
const url = `http://127.0.0.1/${baseline ? 'baseline' : 'mcp'}`;

/** One call through the app, its answer checked. */
async function call(to = url): Promise<void> {
  const response = await app.fetch(new Request(to, { method: 'POST', headers, body }));
  const text = await response.text();
  if (response.status !== 200 || !text.includes('"text":"42"')) throw new Error(`answered ${response.status} ${text.slice(0, 200)}`);
}

/** Runs `count` calls to `to`, `concurrency` at a time; resolves with the wall time in ms. */
async function run(count: number, to = url): Promise<number> {
  const started = performance.now();
  let left = count;
  const lane = async () => {
    while (left-- > 0) await call(to);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return performance.now() - started;
}

/** CPU µs of `count` calls to `to`. */
async function cpuOf(count: number, to: string): Promise<number> {
  const before = process.cpuUsage();
  await run(count, to);
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

await run(20_000);
if (process.argv.includes('--compare')) {
  // fw-mcp and the plain fw route in alternating slices of one process: load on the machine moves both alike.
  await run(20_000, 'http://127.0.0.1/baseline');
  let [mcp, plain] = [0, 0];
  const slice = 2_000;
  for (let i = 0; i < calls / slice; i++) {
    mcp += await cpuOf(slice, url);
    plain += await cpuOf(slice, 'http://127.0.0.1/baseline');
  }
  console.log(
    `${modern ? '2026-07-28' : '2025-06-18'} tools/call in process: fw-mcp ${(mcp / calls).toFixed(2)} µs CPU per call, plain fw route ${(plain / calls).toFixed(2)} µs, ratio ${(mcp / plain).toFixed(2)}`,
  );
  process.exit(0);
}
const session = new Session();
if (profileFile) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const cpuBefore = process.cpuUsage();
const ms = await run(calls);
const cpu = process.cpuUsage(cpuBefore);
console.log(
  `${baseline ? 'plain fw route (baseline)' : modern ? '2026-07-28' : '2025-06-18'} tools/call in process: ${((ms * 1000) / calls).toFixed(2)} µs wall, ${((cpu.user + cpu.system) / calls).toFixed(2)} µs CPU per call`,
);
if (profileFile) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples!.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas![i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  for (const [key, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${((time / total) * 100).toFixed(1).padStart(5)}% ${key}`);
  session.disconnect();
}
