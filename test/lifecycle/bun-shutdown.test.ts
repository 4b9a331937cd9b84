import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/bun-server.ts', import.meta.url));
const bun = fileURLToPath(new URL('../../node_modules/.bin/bun', import.meta.url));

function get(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/work', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown on Bun (fw/bun serve, SIGTERM)', () => {
  it('finishes every in-flight request, refuses new connections, runs hooks in reverse order and exits 0', async () => {
    const child = spawn(bun, ['run', fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: any[] = [];
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let onLine: (line: any) => void = () => {};
    createInterface({ input: child.stdout! }).on('line', (text) => {
      const line = JSON.parse(text);
      lines.push(line);
      onLine(line);
    });
    const port = await new Promise<number>((resolve) => {
      onLine = (l) => {
        if (l.port) resolve(l.port);
      };
    });
    let running = 0;
    const allStarted = new Promise<void>((resolve) => {
      onLine = (l) => {
        if (l.started && ++running === 20) resolve();
      };
    });
    const inFlight = Array.from({ length: 20 }, () => get(port).catch((e: NodeJS.ErrnoException) => e.code ?? 'error'));
    await allStarted;
    child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    expect(statuses).toEqual(Array(20).fill(200));
    const code = await exited;
    await expect(get(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(lines.find((l) => l.log?.includes('shutting down'))?.log).toContain('20 request(s) in flight');
    expect(lines.filter((l) => l.hook).map((l) => l.hook)).toEqual(['cache', 'db']);
    expect(code).toBe(0);
  });
});
