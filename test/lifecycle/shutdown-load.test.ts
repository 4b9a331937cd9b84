import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/server.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

function get(port: number, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/work', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown on SIGTERM under load (real process, keep-alive clients)', () => {
  it('answers every accepted request, runs hooks in reverse order and exits 0 within the time-out', async () => {
    const child = spawn(tsx, [fixture, '5000', '100'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: any[] = [];
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve) => {
      createInterface({ input: child.stdout! }).on('line', (text) => {
        const line = JSON.parse(text);
        lines.push(line);
        if (line.port) resolve(line.port);
      });
    });

    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const counts = { ok: 0, non200: 0, refused: 0 };
    const failures: string[] = [];
    let signalled = false;
    let signalledAt = 0;
    const users = Array.from({ length: 20 }, async () => {
      for (;;) {
        try {
          const status = await get(port, agent);
          if (status === 200) counts.ok++;
          else counts.non200++;
          if (!signalled && counts.ok >= 40) {
            signalled = true;
            signalledAt = Date.now();
            child.kill('SIGTERM');
          }
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ECONNREFUSED') counts.refused++;
          else failures.push(code ?? String(error));
          return;
        }
      }
    });
    await Promise.all(users);
    const code = await exited;
    const exitedAfterMs = Date.now() - signalledAt;
    agent.destroy();

    expect(failures).toEqual([]);
    expect(counts.non200).toBe(0);
    expect(counts.ok).toBeGreaterThanOrEqual(40);
    expect(counts.refused).toBe(20);
    const start = lines.find((l) => typeof l.log === 'string' && l.log.includes('shutting down (SIGTERM)'));
    expect(Number(/(\d+) request\(s\) in flight/.exec(start.log)?.[1])).toBeGreaterThan(0);
    expect(lines.filter((l) => l.hook).map((l) => l.hook)).toEqual(['cache', 'db']);
    expect(lines.some((l) => l.log?.includes('in-flight requests finished'))).toBe(true);
    expect(code).toBe(0);
    expect(lines.at(-1)).toEqual({ exit: 0 });
    expect(exitedAfterMs).toBeLessThan(5000);
  });

  it('exits 1 when requests outlive the time-out', async () => {
    const child = spawn(tsx, [fixture, '300', '5000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: any[] = [];
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve) => {
      createInterface({ input: child.stdout! }).on('line', (text) => {
        const line = JSON.parse(text);
        lines.push(line);
        if (line.port) resolve(line.port);
      });
    });
    const agent = new Agent({ keepAlive: true });
    const pending = get(port, agent).catch((e: NodeJS.ErrnoException) => e.code ?? 'error');
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(await pending).toBe('ECONNRESET');
    expect(lines.some((l) => l.log?.includes('time-out with 1 request(s) still in flight'))).toBe(true);
    expect(lines.filter((l) => l.hook).map((l) => l.hook)).toEqual(['cache', 'db']);
    agent.destroy();
  });
});
