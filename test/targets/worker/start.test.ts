import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, root } from './helpers';

/** Every live process below `pid` (children, grandchildren...), read from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const visit = (p: number): void => {
    for (const child of parents.get(p) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

describe('npm start', () => {
  let child: ChildProcess | null = null;

  afterAll(() => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
  });

  it('serves the example on 127.0.0.1, prints the URL, and stops without leaving workerd behind', async () => {
    const port = await freePort();
    child = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), MCP_TOKEN: undefined },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start printed no URL within 90 s:\n${output}`)), 90_000);
      child!.stdout!.on('data', (chunk) => {
        output += chunk;
        const match = /fw example worker ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child!.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    expect(url).toBe(`http://127.0.0.1:${port}`);

    const health = await fetch(`${url}/health`);
    expect(await health.json()).toEqual({ status: 'healthy', checks: { kv: true, d1: true } });
    expect(await (await fetch(`${url}/hello/Tester`)).json()).toEqual({ message: 'Hello, Tester!' });
    const bad = await fetch(`${url}/notes/not-a-number`);
    expect(bad.status).toBe(400);

    // The MCP endpoint takes the local token npm start passes (and prints); without it, 401.
    const token = /Authorization: Bearer (\S+)/.exec(output)?.[1];
    expect(token).toBe('local-dev-token');
    const callStatus = (authorization?: string) =>
      fetch(`${url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'fw/serverless/status', arguments: {} } }),
      });
    expect((await callStatus()).status).toBe(401);
    const status = await callStatus(`Bearer ${token}`);
    expect(status.status).toBe(200);
    expect(JSON.stringify(await status.json())).toMatch(/cold/i);

    const tree = descendants(child.pid!);
    expect(tree.some((pid) => commandOf(pid).includes('workerd'))).toBe(true);
    const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));
    process.kill(-child.pid!, 'SIGINT');
    await exited;
    await expect.poll(() => tree.filter(alive), { timeout: 15_000 }).toEqual([]);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  }, 150_000);

  it('refuses a bad PORT with a clear message and exit code 2', async () => {
    const run = spawnSync('npm', ['start'], { cwd: root, env: { ...process.env, PORT: 'eighty' }, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('PORT must be an integer between 1 and 65535, got "eighty"');
  }, 90_000);
});
