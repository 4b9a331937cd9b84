import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { builtModules, root } from './helpers';

describe('npm run build:worker, and the built example in workerd with wrangler.toml bindings', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'fw-worker-build-'));
  let mf: Miniflare;
  let built: string;

  const get = (path: string, init?: RequestInit) => mf.dispatchFetch(`http://localhost${path}`, init as never);
  const send = (method: string, path: string, body: string, type = 'application/json') =>
    get(path, { method, body, headers: { 'content-type': type } });

  beforeAll(async () => {
    const build = spawnSync('npm', ['run', 'build:worker', '--', outdir], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stdout + build.stderr).toBe(0);
    built = join(outdir, 'index.js');
    const { workerOptions } = unstable_getMiniflareWorkerOptions(join(root, 'wrangler.toml'));
    // Loaded from its file as wrangler deploys it: Miniflare scans the bundle's imports and refuses an import() of a variable.
    mf = new Miniflare({
      cf: false,
      ...workerOptions,
      scriptPath: built,
      modulesRoot: outdir,
      modules: true,
      modulesRules: [{ type: 'Text', include: ['**/*.sql'] }],
      host: '127.0.0.1',
      port: 0,
    } as never);
    await mf.ready;
  });
  afterAll(async () => {
    await mf?.dispose();
    rmSync(outdir, { recursive: true, force: true });
  });

  it('builds a minified ES module, with the SQL migration as a text module, and no Node imports', () => {
    expect(existsSync(built)).toBe(true);
    expect(builtModules(outdir).map((m) => m.type)).toEqual(['ESModule', 'Text']);
    const code = readFileSync(built, 'utf8');
    const lines = code.split('\n');
    expect(code.length / lines.length).toBeGreaterThan(1000);
    expect(code).not.toMatch(/from\s*["']node:/);
    expect(code).not.toMatch(/\brequire\(/);
    expect(code).not.toMatch(/\bimport\(\s*[^'"`\s]/);
  });

  it('lists its routes and reports health of KV and D1, marking the cold start', async () => {
    const first = await get('/');
    expect(first.headers.get('x-cold-start')).toBe('true');
    expect(first.headers.get('server-timing')).toMatch(/^cold;dur=\d+(\.\d+)?$/);
    const index = (await first.json()) as { name: string; routes: string[] };
    expect(index.name).toBe('fw example worker');
    expect(index.routes).toEqual(expect.arrayContaining(['GET /health', 'POST /notes', 'GET /notes/:id', 'PUT /kv/:key']));
    const health = await get('/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('x-cold-start')).toBe('false');
    expect(await health.json()).toEqual({ status: 'healthy', checks: { kv: true, d1: true } });
  });

  it('greets with the GREETING var and validates the name', async () => {
    expect(await (await get('/hello/Ada%20Lovelace')).json()).toEqual({ message: 'Hello, Ada Lovelace!' });
    const bad = await get('/hello/1337');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: expect.any(String), details: expect.any(Array) });
  });

  it('creates, reads, lists and deletes notes in D1', async () => {
    const created = await send('POST', '/notes', JSON.stringify({ title: 'first', body: 'hello d1' }));
    expect(created.status).toBe(201);
    const note = (await created.json()) as { id: number; title: string; body: string; created_at: string };
    expect(note).toMatchObject({ id: expect.any(Number), title: 'first', body: 'hello d1' });
    expect(created.headers.get('location')).toBe(`/notes/${note.id}`);
    expect(await (await get(`/notes/${note.id}`)).json()).toEqual(note);
    const untitled = (await (await send('POST', '/notes', JSON.stringify({ title: 'second' }))).json()) as { body: string };
    expect(untitled.body).toBe('');
    const { notes } = (await (await get('/notes')).json()) as { notes: { title: string }[] };
    expect(notes.map((n) => n.title)).toEqual(['first', 'second']);
    const db = await mf.getD1Database('DB');
    expect(await db.prepare('SELECT count(*) AS n FROM notes').first('n')).toBe(2);
    expect((await get(`/notes/${note.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await get(`/notes/${note.id}`)).status).toBe(404);
    expect((await get(`/notes/${note.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses bad notes input with 400s', async () => {
    for (const body of ['{}', '{"title":""}', '{"title":"x","extra":1}', JSON.stringify({ title: 'x'.repeat(121) }), '{"title":']) {
      const response = await send('POST', '/notes', body);
      expect(response.status, body).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    expect((await get('/notes/abc')).status).toBe(400);
    expect((await get('/notes/0')).status).toBe(400);
    const missing = await get('/notes/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('stores, lists, expires and deletes values in KV', async () => {
    const put = await send('PUT', '/kv/greeting?ttl=120', 'hi there', 'text/plain');
    expect(await put.json()).toEqual({ key: 'greeting', value: 'hi there', ttl: 120 });
    expect(await (await get('/kv/greeting')).json()).toEqual({ key: 'greeting', value: 'hi there' });
    expect(await (await get('/kv?prefix=gree')).json()).toEqual({ keys: ['greeting'] });
    const listed = await (await mf.getKVNamespace('KV')).list({ prefix: 'greeting' });
    expect(listed.keys[0].expiration).toBeGreaterThan(Date.now() / 1000 + 100);
    expect((await get('/kv/greeting', { method: 'DELETE' })).status).toBe(204);
    expect((await get('/kv/greeting')).status).toBe(404);
  });

  it('refuses bad KV input with 400s', async () => {
    expect((await send('PUT', '/kv/bad%20key', 'v', 'text/plain')).status).toBe(400);
    expect((await send('PUT', '/kv/k?ttl=soon', 'v', 'text/plain')).status).toBe(400);
    expect((await send('PUT', '/kv/k?ttl=0', 'v', 'text/plain')).status).toBe(400);
    expect((await get(`/kv/${'k'.repeat(65)}`)).status).toBe(400);
  });

  it('counts with KV increments', async () => {
    expect(await (await get('/counters/visits', { method: 'POST' })).json()).toEqual({ key: 'visits', value: 1 });
    expect(await (await get('/counters/visits', { method: 'POST' })).json()).toEqual({ key: 'visits', value: 2 });
  });

  it('runs the cron job of wrangler.toml triggers', async () => {
    const scheduledTime = new Date('2026-05-01T12:15:00.000Z');
    const result = await (await mf.getWorker()).scheduled({ cron: '*/15 * * * *', scheduledTime });
    expect(result.outcome).toBe('ok');
    const stored = (await (await get('/kv/last-cron')).json()) as { value: string };
    expect(JSON.parse(stored.value)).toEqual({ cron: '*/15 * * * *', scheduledTime: scheduledTime.toISOString() });
  });

  it('echoes over the /ws/echo WebSocket route', async () => {
    const url = (await mf.ready).toString().replace(/^http/, 'ws');
    const ws = new WebSocket(new URL('/ws/echo', url));
    const messages: string[] = [];
    ws.on('message', (data) => messages.push(data.toString()));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send('ping');
    await expect.poll(() => messages).toEqual(['ready', 'ping']);
    ws.close();
  });
});
