/**
 * initDurationMs counts from the process's start (`performance.timeOrigin`): a real Node process whose imports take
 * ~300 ms before fw loads reports the process clock's reading when it became ready, imports included, served by
 * fw/node and by fw/lambda. (Workers, whose clock stands still at module scope, count from the first request:
 * test/mcp/status-worker.test.ts.)
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/slow-init-status.ts', import.meta.url));

interface Stats {
  target: string;
  coldStart: boolean;
  initDurationMs: number;
  uptimeMs: number;
}

/** The fixture's first line: process-clock readings when its slow import ended and when it was ready to serve. */
interface Started {
  importsDoneAt: number;
  servingAt: number;
}

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** Starts the fixture and resolves with its first line of output, parsed. */
function start<T>(mode: 'node' | 'lambda'): Promise<Started & T> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, mode], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('close', (code) => reject(new Error(`the fixture exited with ${code} before answering: ${stderr}`)));
  });
}

/**
 * The init time is the process clock when the app became ready: after the imports that ran before fw loaded (at
 * least the 300 ms they slept), before the fixture saw it ready. Counted from fw's own load instead, the imports
 * would be missing and the gap to `servingAt` would hold them.
 */
function expectCountedFromProcessStart(stats: Stats, started: Started): void {
  expect(started.importsDoneAt).toBeGreaterThanOrEqual(300);
  expect(stats.initDurationMs).toBeGreaterThanOrEqual(started.importsDoneAt);
  expect(stats.initDurationMs).toBeLessThanOrEqual(started.servingAt);
  expect(started.servingAt - stats.initDurationMs).toBeLessThan(started.importsDoneAt);
  expect(stats.uptimeMs).toBeGreaterThanOrEqual(stats.initDurationMs);
}

describe('initDurationMs from the process start', () => {
  it('on fw/node covers the imports that ran before fw loaded', async () => {
    const started = await start<{ port: number }>('node');
    const response = await fetch(`http://127.0.0.1:${started.port}/status`);
    expect(response.status).toBe(200);
    const stats = (await response.json()) as Stats;
    expect(stats).toMatchObject({ target: 'node', coldStart: true });
    expectCountedFromProcessStart(stats, started);
  }, 60_000);

  it('on fw/lambda covers the init phase from the runtime process start', async () => {
    const started = await start<{ statusCode: number; stats: Stats }>('lambda');
    expect(started.statusCode).toBe(200);
    expect(started.stats).toMatchObject({ target: 'lambda', coldStart: true });
    expectCountedFromProcessStart(started.stats, started);
  }, 60_000);
});
