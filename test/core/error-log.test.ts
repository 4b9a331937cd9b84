import { afterEach, describe, expect, it, vi } from 'vitest';
import { Fw, HttpError, NotFoundError } from 'fw';

afterEach(() => vi.restoreAllMocks());

function captureConsole(): string[] {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  return lines;
}

describe('unhandled errors are logged', () => {
  it('production: one JSON line per 5xx with method, path, status, message and stack', async () => {
    const lines = captureConsole();
    const app = new Fw();
    app.get('/boom', () => {
      throw new Error('database is down');
    });
    const response = await app.request('/boom');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({ level: 'error', method: 'GET', path: '/boom', status: 500, error: 'Error', message: 'database is down' });
    expect(entry.stack).toContain('database is down');
  });

  it('development: message and stack, and a thrown string keeps its text in the log', async () => {
    const lines = captureConsole();
    const app = new Fw({ development: true });
    app.get('/err', () => {
      throw new TypeError('bad thing');
    });
    app.get('/str', () => {
      throw 'plain string';
    });
    await app.request('/err');
    await app.request('/str');
    expect(lines[0]).toContain('fw: GET /err answered 500: TypeError: bad thing');
    expect(lines[0]).toMatch(/at .*error-log\.test\.ts/);
    expect(lines[1]).toContain('fw: GET /str answered 500: string: plain string');
  });

  it('4xx errors, errors an onError hook answers, and logErrors: false are not logged', async () => {
    const lines = captureConsole();
    const app = new Fw({ logErrors: false });
    app.get('/boom', () => {
      throw new Error('quiet');
    });
    await app.request('/boom');
    const other = new Fw();
    other.get('/missing', () => {
      throw new NotFoundError('no such thing');
    });
    other.get('/teapot', () => {
      throw new HttpError(418, 'short and stout');
    });
    other.get('/handled', () => {
      throw new Error('handled');
    });
    other.onError((error) => (error instanceof Error && error.message === 'handled' ? { recovered: true } : undefined));
    expect((await other.request('/missing')).status).toBe(404);
    expect((await other.request('/teapot')).status).toBe(418);
    expect(await (await other.request('/handled')).json()).toEqual({ recovered: true });
    expect(lines).toEqual([]);
  });

  it('a logErrors function receives the error and the context; a throwing logger does not break the answer', async () => {
    const seen: string[] = [];
    const app = new Fw({
      logErrors: (error, ctx) => {
        seen.push(`${ctx.path}: ${(error as Error).message}`);
      },
    });
    app.get('/boom', () => {
      throw new Error('to the logger');
    });
    expect((await app.request('/boom')).status).toBe(500);
    expect(seen).toEqual(['/boom: to the logger']);
    const broken = new Fw({
      logErrors: () => {
        throw new Error('logger down');
      },
    });
    broken.get('/boom', () => {
      throw new Error('x');
    });
    expect((await broken.request('/boom')).status).toBe(500);
  });

  it('an error thrown by an onError hook is logged in its place', async () => {
    const lines = captureConsole();
    const app = new Fw();
    app.get('/boom', () => {
      throw new Error('first');
    });
    app.onError(() => {
      throw new Error('hook failed');
    });
    expect((await app.request('/boom')).status).toBe(500);
    expect(JSON.parse(lines[0]).message).toBe('hook failed');
  });
});

describe('registration mistakes', () => {
  it('an undefined handler throws, naming the route', () => {
    expect(() => new Fw().get('/todos', undefined as never)).toThrow('Route GET /todos: the handler is undefined');
  });

  it('a constant value is still a valid handler', async () => {
    const app = new Fw();
    app.get('/v', { ok: true });
    expect(await (await app.request('/v')).json()).toEqual({ ok: true });
  });
});

describe('a thrown string', () => {
  it('keeps its text in the development error body and stays hidden in production', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dev = new Fw({ development: true });
    dev.get('/str', () => {
      throw 'the cache is cold';
    });
    expect(await (await dev.request('/str')).json()).toEqual({ error: 'the cache is cold', code: 'INTERNAL_ERROR' });
    const prod = new Fw();
    prod.get('/str', () => {
      throw 'the cache is cold';
    });
    expect(await (await prod.request('/str')).json()).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' });
  });
});
