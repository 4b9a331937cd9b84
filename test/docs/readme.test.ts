/** The README's quick start is real code: extracted, run as a module, and asked the things it promises. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Fw } from 'fw';

const root = fileURLToPath(new URL('../../', import.meta.url));

function quickStart(): string {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'));
  const match = section.match(/```ts\n([\s\S]*?)```/);
  if (!match) throw new Error('README has no ts block under "## Quick start"');
  return match[1];
}

describe('README quick start', () => {
  it('opens with the install-and-start and the test commands', () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    const commands = readme
      .match(/```sh\n([\s\S]*?)```/)![1]
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('#')[0].trim());
    expect(commands).toEqual(['npm install && npm start', 'npm test']);
    const scripts = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).scripts;
    expect(scripts.start).toBeDefined();
    expect(scripts.test).toBe('vitest run');
  });

  it('links only to files that exist', () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    const links = [...readme.matchAll(/\]\(([^)#]+)\)/g)].map((m) => m[1]).filter((l) => !/^https?:/.test(l));
    expect(links.length).toBeGreaterThan(20);
    const missing = links.filter((l) => {
      try {
        readFileSync(`${root}${l}`);
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  it('runs: validated POST, 404 body, and the MCP endpoint behind its Bearer token (a stranger gets 401)', async () => {
    mkdirSync(`${root}test/.out`, { recursive: true });
    const file = `${root}test/.out/readme-quickstart.ts`;
    writeFileSync(file, quickStart());
    const { app } = (await import(/* @vite-ignore */ file)) as { app: Fw };
    expect(await (await app.request('/users/1')).json()).toEqual({ id: '1', name: 'Ada' });
    const missing = await app.request('/users/9');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'No user 9', code: 'NOT_FOUND' });
    const bad = await app.request('/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(bad.status).toBe(400);
    const created = await app.request('/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Lin"}',
    });
    expect(created.status).toBe(201);
    const listTools = (headers: Record<string, string> = {}) =>
      app.request('/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    process.env.MCP_TOKEN = 'readme-token';
    try {
      // The endpoint takes the Bearer token; a stranger gets a 401 and sees nothing.
      expect((await listTools()).status).toBe(401);
      expect((await listTools({ authorization: 'Bearer guess' })).status).toBe(401);
      const list = await listTools({ authorization: 'Bearer readme-token' });
      const names = (await list.json()).result.tools.map((t: { name: string }) => t.name);
      expect(names).toEqual(expect.arrayContaining(['get_users_by_id', 'fw/serverless/status']));
    } finally {
      delete process.env.MCP_TOKEN;
    }
  });
});
