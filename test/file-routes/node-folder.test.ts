import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { Fw } from 'fw';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

describe('app.fromFileRoutes({ dir }) on Node: reads and imports the routes folder', () => {
  async function app(): Promise<Fw> {
    return new Fw().fromFileRoutes({ dir: `${fixtures}routes` });
  }

  it('registers every rule: methods, [param], method suffix, index, (group), [...rest]; skips _ files and folders', async () => {
    const lines: string[] = [];
    const a = await new Fw().fromFileRoutes({ dir: `${fixtures}routes`, verbose: true, log: (l) => lines.push(l) });
    expect(a.getRoutes().map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /',
      'GET /files/*',
      'POST /login',
      'GET /posts',
      'GET /users',
      'POST /users',
      'DELETE /users',
      'PUT /users/:id',
      'GET /users/:id',
    ]);
    expect(lines).toContain('[fw] file route GET     /users/:id  <- users/[id].ts');
    expect(await (await a.request('/')).json()).toEqual({ home: true });
    expect(await (await a.request('/users')).json()).toEqual({ users: ['ada', 'linus'], note: 'hello from list' });
    expect(await (await a.request('/users/42')).json()).toEqual({ id: '42' });
    expect(await (await a.request('/posts')).json()).toEqual({ posts: [] });
    expect(await (await a.request('/files/a/b.txt')).json()).toEqual({ rest: 'a/b.txt' });
    expect(await (await a.request('/login', { method: 'POST' })).json()).toEqual({ token: 'abc' });
    expect(await (await a.request('/users', { method: 'DELETE' })).json()).toEqual({ deleted: true });
    const put = await a.request('/users/7', { method: 'PUT', body: '{"name":"x"}', headers: { 'content-type': 'application/json' } });
    expect(await put.json()).toEqual({ updated: '7', with: { name: 'x' } });
  });

  it('applies the config export (validation) and keeps skipped files unreachable', async () => {
    const a = await app();
    const ok = await a.request('/users', { method: 'POST', body: '{"name":"ada"}', headers: { 'content-type': 'application/json' } });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ created: 'ada' });
    const bad = await a.request('/users', { method: 'POST', body: '{"nom":"ada"}', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect((await a.request('/_helpers')).status).toBe(404);
    expect((await a.request('/_lib/secret')).status).toBe(404);
    expect((await a.request('/users/1', { method: 'PATCH' })).status).toBe(405);
  });

  it('fails clearly on a missing folder and on two files claiming one route', async () => {
    await expect(new Fw().fromFileRoutes({ dir: `${fixtures}nope` })).rejects.toThrow(/no routes folder at .*nope/);
    await expect(new Fw().fromFileRoutes({ dir: `${fixtures}conflict` })).rejects.toThrow(
      /users\.ts and users\/index\.ts both answer GET \/users/,
    );
  });

  it('defaults to src/routes under the working directory', async () => {
    const cwd = process.cwd();
    process.chdir(`${fixtures}..`);
    try {
      await expect(new Fw().fromFileRoutes()).rejects.toThrow(/no routes folder at .*file-routes\/src\/routes/);
    } finally {
      process.chdir(cwd);
    }
  });
});
