/**
 * A database failure answers 500 without the engine's words (real PostgreSQL, MariaDB and SQLite): the body is
 * `{ error: 'Internal Server Error', code: 'INTERNAL_ERROR', errorId }`, and the server's log line carries the same
 * errorId with the engine's message and code; an MCP route tool answers the same body.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Fw } from 'fw';
import { classifyError } from 'fw/errors';
import { createMCPPlugin, mcp } from 'fw-mcp';
import { post } from '../mcp/helpers';
import { makeTestDatabase, type TestDatabase } from './engines';

afterEach(() => vi.restoreAllMocks());

/** The console.error lines written while a request runs (the app's own error log, printed as it is). */
function captureConsole(): string[] {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  return lines;
}

const engines = [
  ['sqlite', /no such table: missing_table/],
  ['postgres', /42P01.*relation "missing_table" does not exist/],
  ['mysql', /ER_NO_SUCH_TABLE.*missing_table/],
] as const;

describe.each(engines)('%s: a query against a missing table', (type, engineText) => {
  let t: TestDatabase;
  let app: Fw;

  beforeAll(async () => {
    t = await makeTestDatabase(type);
    app = new Fw({ database: t.db });
    app.get('/missing', (ctx) => ctx.app.db.query('SELECT * FROM missing_table'));
  });

  afterAll(() => t.cleanup());

  it('answers 500 with an errorId and no engine text; the log line has the same id and the engine text', async () => {
    const lines = captureConsole();
    const response = await app.request('/missing');
    const text = await response.text();
    expect(response.status).toBe(500);
    const body = JSON.parse(text);
    expect(body).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR', errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(text).not.toMatch(/missing_table|42P01|ER_NO_SUCH_TABLE|SQLITE|postgres|mysql|sqlite/i);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({ level: 'error', path: '/missing', status: 500, errorId: body.errorId });
    expect(entry.message).toMatch(engineText);
  });

  it('is not exposed by classifyError either (what errorBoundary renders from)', async () => {
    const error = await t.db.query('SELECT * FROM missing_table').catch((e: unknown) => e);
    expect(classifyError(error)).toMatchObject({ status: 500, expose: false });
  });

  it('gives each failure its own id', async () => {
    captureConsole();
    const first = await (await app.request('/missing')).json();
    const second = await (await app.request('/missing')).json();
    expect(first.errorId).not.toBe(second.errorId);
  });

  it('in development shows the message, still with the errorId', async () => {
    captureConsole();
    const dev = new Fw({ database: t.db, development: true });
    dev.get('/missing', (ctx) => ctx.app.db.query('SELECT * FROM missing_table'));
    const body = await (await dev.request('/missing')).json();
    expect(body.error).toMatch(engineText);
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('postgres: the same failure through an MCP route tool', () => {
  let t: TestDatabase;
  let app: Fw;

  beforeAll(async () => {
    t = await makeTestDatabase('postgres');
    app = new Fw({ database: t.db });
    app.get('/missing', (ctx) => ctx.app.db.query('SELECT * FROM missing_table'));
    app.use(createMCPPlugin(mcp(app)));
  });

  afterAll(() => t.cleanup());

  it('answers a tool error holding the errorId and no engine text; the log line has the same id', async () => {
    const lines = captureConsole();
    const headers = { 'mcp-protocol-version': '2025-06-18' };
    const listed = await post(app, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers);
    const tool = (listed.json.result.tools as { name: string }[]).find((t) => t.name.includes('missing'));
    const called = await post(app, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: tool!.name, arguments: {} } }, headers);
    const result = called.json.result as { isError: boolean; content: { text: string }[] };
    expect(result.isError).toBe(true);
    const text = result.content.map((c) => c.text).join('\n');
    expect(text).not.toMatch(/missing_table|42P01|relation|postgres/i);
    const body = JSON.parse(result.content[1].text);
    expect(body).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR', errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const logged = lines.map((l) => JSON.parse(l)).find((entry) => entry.errorId === body.errorId);
    expect(logged.message).toMatch(/42P01/);
  });
});

describe('postgres: an unreachable server', () => {
  it('answers 503 with its own retryable code and an errorId, without the address', async () => {
    const lines = captureConsole();
    const app = new Fw({ database: { url: 'postgres://postgres@127.0.0.1:1/test', driverOptions: { connect_timeout: 2 } } });
    app.get('/down', (ctx) => ctx.app.db.query('SELECT 1'));
    const response = await app.request('/down');
    const text = await response.text();
    expect(response.status).toBe(503);
    expect(JSON.parse(text)).toEqual({
      error: 'Service Unavailable',
      code: 'DB_UNAVAILABLE',
      errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|postgres/);
    expect(JSON.parse(lines[0])).toMatchObject({
      status: 503,
      errorId: JSON.parse(text).errorId,
      message: expect.stringMatching(/ECONNREFUSED/),
    });
    await app.stop();
  });
});
