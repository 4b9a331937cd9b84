/** `tools/call` over HTTP with autocannon -c 10: one contestant per process, answers checked before timing. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { withBuiltFw } from '../lib/built-fw';

/** A contestant: a name, the server script it runs, whether it is fw's (run from its built package), the protocol era of its requests. */
export interface Contestant {
  name: string;
  script: string;
  fw?: boolean;
  /** `modern`: requests of MCP 2026-07-28 (no initialize, the `_meta` envelope, its headers); default 2025-06-18. */
  era?: 'modern';
  /** Whether the server keeps sessions: the load then opens one (`initialize`) and sends its `Mcp-Session-Id` on every call. */
  session?: boolean;
}

/** What one timed run gives: wall-clock throughput and the server process's CPU time per request. */
export interface Throughput {
  rps: number;
  cpuUsPerRequest: number;
}
const accept = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const legacy = {
  headers: { ...accept, 'mcp-protocol-version': '2025-06-18' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 40 } } }),
};
/** A 2026-07-28 request: version, capabilities and client info in `_meta`, and the headers that must match the body. */
const modern = {
  headers: { ...accept, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'add' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'add',
      arguments: { a: 2, b: 40 },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
      },
    },
  }),
};

/** The request a contestant is timed with (with its session's id when it keeps sessions). */
function requestOf(contestant: Contestant, sessionId?: string): { headers: Record<string, string>; body: string } {
  const request = contestant.era === 'modern' ? modern : legacy;
  return sessionId ? { ...request, headers: { ...request.headers, 'mcp-session-id': sessionId } } : request;
}

/** Opens a session as a client does (`initialize`, then `notifications/initialized`) and returns its id. */
async function openSession(contestant: Contestant, url: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: accept,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } },
    }),
  });
  await response.text();
  const id = response.headers.get('mcp-session-id');
  if (response.status !== 200 || !id) throw new Error(`${contestant.name}: initialize answered ${response.status} without a session id`);
  const headers = { ...accept, 'mcp-protocol-version': '2025-06-18', 'mcp-session-id': id };
  const initialized = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await initialized.text();
  if (initialized.status !== 202) throw new Error(`${contestant.name}: notifications/initialized answered ${initialized.status}`);
  return id;
}

/** Whether servers and load can be pinned to a core each (taskset, Linux). */
export const pinning = existsSync('/usr/bin/taskset');

/** Starts a contestant (pinned to core 0 when taskset exists; fw's from its built package) and resolves with its endpoint URL once it prints it. */
export async function start(contestant: Contestant): Promise<{ child: ChildProcess; url: string }> {
  const script = contestant.script;
  const plain = [process.execPath, '--import', 'tsx', script];
  const command = contestant.fw ? withBuiltFw(plain) : plain;
  const [bin, ...args] = pinning ? ['taskset', '-c', '0', ...command] : command;
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'inherit'], cwd: join(import.meta.dirname, '../..') });
  let output = '';
  for await (const chunk of child.stdout!) {
    output += String(chunk);
    const line = output.split('\n').find((l) => l.startsWith('http'));
    if (line) return { child, url: line.trim() };
  }
  throw new Error(`${script} exited without printing its URL`);
}

/** Calls the tool once and checks the answer is 42 (JSON or SSE reply), under 2026-07-28 a complete result too. */
async function check(contestant: Contestant, url: string, sessionId?: string): Promise<void> {
  const { headers, body } = requestOf(contestant, sessionId);
  const response = await fetch(url, { method: 'POST', headers, body });
  const text = await response.text();
  const json = text.startsWith('{')
    ? JSON.parse(text)
    : JSON.parse(
        text
          .split('\n')
          .find((l) => l.startsWith('data: '))!
          .slice(6),
      );
  const complete = contestant.era !== 'modern' || json.result?.resultType === 'complete';
  if (response.status !== 200 || json.result?.content?.[0]?.text !== '42' || !complete)
    throw new Error(`${contestant.name} answered ${response.status} ${text.slice(0, 200)} instead of 42`);
}

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux): unlike wall-clock throughput it does not
 * move when other work on the machine takes the cores.
 */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Measures one contestant in a fresh process (a short warm-up first): requests per second and server CPU per request. */
export async function measure(contestant: Contestant, seconds: number): Promise<Throughput> {
  const { child, url } = await start(contestant);
  try {
    const sessionId = contestant.session ? await openSession(contestant, url) : undefined;
    await check(contestant, url, sessionId);
    const { headers, body } = requestOf(contestant, sessionId);
    // In a session, JSON-RPC ids must be unique among the requests in flight: autocannon puts a fresh one in each.
    const load = sessionId ? { body: body.replace('"id":1', '"id":"[<id>]"'), idReplacement: true } : { body };
    const run = (duration: number) => autocannon({ url, method: 'POST', headers, ...load, connections: 10, duration });
    await run(1);
    const cpuBefore = cpuSeconds(child.pid!);
    const result = await run(seconds);
    const cpu = cpuSeconds(child.pid!) - cpuBefore;
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${contestant.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    await check(contestant, url, sessionId);
    const total = result.requests.average * seconds;
    return { rps: result.requests.average, cpuUsPerRequest: (cpu / total) * 1e6 };
  } finally {
    await stop(child);
  }
}

/** Stops a contestant's process and waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill();
  await once(child, 'exit');
}
