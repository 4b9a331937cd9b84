import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import { createLogger, structuredLogger } from '../../src/logger';
import { trace } from '../../src/trace';

function capture() {
  const lines: any[] = [];
  return { lines, write: (line: string) => lines.push(JSON.parse(line)) };
}

describe('structuredLogger', () => {
  it('writes one JSON line per request with the request fields, and sets x-request-id', async () => {
    const out = capture();
    const app = new Fw();
    await app.plugin(structuredLogger({ service: 'shop', environment: 'test', version: '2.0.0', write: out.write }));
    app.get('/users/:id', (ctx: any) => {
      ctx.log.info('loading user', { userId: ctx.params.id });
      return { id: ctx.params.id };
    });
    const res = await app.request('/users/7', { headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(out.lines).toHaveLength(2);
    const [custom, done] = out.lines;
    expect(Object.keys(done).slice(0, 3)).toEqual(['time', 'level', 'message']);
    expect(custom).toMatchObject({
      level: 'info',
      message: 'loading user',
      service: 'shop',
      environment: 'test',
      version: '2.0.0',
      requestId,
      method: 'GET',
      path: '/users/7',
      userId: '7',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
    expect(done).toMatchObject({
      level: 'info',
      message: 'request completed',
      requestId,
      method: 'GET',
      path: '/users/7',
      status: 200,
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
    expect(typeof done.durationMs).toBe('number');
    expect(Number.isNaN(Date.parse(done.time))).toBe(false);
  });

  it('keeps a valid incoming request id and replaces an invalid one', async () => {
    const out = capture();
    const app = new Fw();
    await app.plugin(structuredLogger({ write: out.write }));
    app.get('/', () => 'ok');
    expect((await app.request('/', { headers: { 'x-request-id': 'abc-123' } })).headers.get('x-request-id')).toBe('abc-123');
    const replaced = (await app.request('/', { headers: { 'x-request-id': 'bad id with spaces\n' } })).headers.get('x-request-id');
    expect(replaced).not.toContain(' ');
    expect(out.lines[1].requestId).toBe(replaced);
  });

  it('uses warn for 4xx and error for 5xx; excludes health paths by default; filter skips lines', async () => {
    const out = capture();
    const app = new Fw();
    await app.plugin(structuredLogger({ write: out.write, filter: (info) => info.path !== '/quiet' }));
    app.get('/boom', () => {
      throw new Error('x');
    });
    app.get('/health', () => 'ok');
    app.get('/quiet', () => 'ok');
    await app.request('/missing');
    await app.request('/boom');
    await app.request('/health');
    await app.request('/quiet');
    expect(out.lines.map((l) => [l.level, l.path, l.status])).toEqual([
      ['warn', '/missing', 404],
      ['error', '/boom', 500],
    ]);
    expect(out.lines[1].error).toMatchObject({ name: 'Error', message: 'x' });
    expect(out.lines[0].error).toBeUndefined();
  });

  it('redacts authorization, cookies and password fields at any depth', async () => {
    const out = capture();
    const app = new Fw();
    await app.plugin(structuredLogger({ write: out.write, redact: ['ssn'] }));
    app.post('/login', async (ctx: any) => {
      ctx.log.info('login', { headers: ctx.headers, body: await ctx.json() });
      return 'ok';
    });
    await app.request('/login', {
      method: 'POST',
      headers: { authorization: 'Bearer s3cr3t', cookie: 'sid=abc', 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'ann', password: 'hunter2', profile: { newPassword: 'x', ssn: '123' } }),
    });
    const line = out.lines[0];
    expect(line.headers.authorization).toBe('[REDACTED]');
    expect(line.headers.cookie).toBe('[REDACTED]');
    expect(line.headers['content-type']).toBe('application/json');
    expect(line.body).toEqual({ user: 'ann', password: '[REDACTED]', profile: { newPassword: '[REDACTED]', ssn: '[REDACTED]' } });
    expect(JSON.stringify(out.lines)).not.toMatch(/s3cr3t|hunter2|sid=abc/);
  });

  it.each([
    [{ filter: 'x' }, /"filter" must be a function/],
    [{ exclude: '/health' }, /"exclude" must be a list/],
    [{ level: 'loud' }, /Unknown log level "loud"/],
  ])('rejects %j', (options, message) => {
    expect(() => structuredLogger(options as never)).toThrow(message);
  });
});

describe('structuredLogger with the trace plugin', () => {
  it('ctx.log lines carry the trace and span ids of the request span', async () => {
    const out = capture();
    const app = new Fw();
    await app.plugin(structuredLogger({ write: out.write }));
    await app.plugin(trace());
    app.get('/', (ctx: any) => {
      ctx.log.info('inside');
      return { traceId: ctx.state['fw:span'].traceId, spanId: ctx.state['fw:span'].spanId };
    });
    const ids = await (await app.request('/')).json();
    expect(out.lines[0]).toMatchObject({ message: 'inside', traceId: ids.traceId, spanId: ids.spanId });
    expect(out.lines[1]).toMatchObject({ message: 'request completed', traceId: ids.traceId, spanId: ids.spanId });
  });
});

describe('createLogger', () => {
  it('honours the level threshold, child bindings, reserved keys, cycles and errors', () => {
    const out = capture();
    const log = createLogger({ level: 'warn', write: out.write });
    log.info('hidden');
    const cyclic: any = { a: 1 };
    cyclic.self = cyclic;
    log.child({ job: 'sync' }).warn('careful', { level: 'fake', cyclic, err: new Error('e'), big: 10n });
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatchObject({
      level: 'warn',
      message: 'careful',
      job: 'sync',
      cyclic: { a: 1, self: '[Circular]' },
      err: { name: 'Error', message: 'e' },
      big: '10',
    });
  });

  it('a failing sink does not break logging to the others', () => {
    const out = capture();
    const log = createLogger({
      sinks: [
        {
          write: () => {
            throw new Error('sink down');
          },
        },
        { write: (r) => out.write(JSON.stringify(r)) },
      ],
    });
    log.error('still logged');
    expect(out.lines[0].message).toBe('still logged');
  });
});

describe('the JSON line fast path', () => {
  it('writes exactly what stringifying the record would (property test)', async () => {
    const fc = await import('fast-check');
    const lines: string[] = [];
    const records: unknown[] = [];
    const log = createLogger({
      sinks: [{ write: () => {}, writeLine: (l) => lines.push(l) }, { write: (r) => records.push(JSON.parse(JSON.stringify(r))) }],
    }).child({ requestId: 'r1', path: '/x' });
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.bigInt(),
      fc.date({ noInvalidDate: true }),
      fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer())),
      fc.array(fc.integer()),
    );
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom('password', 'Authorization', 'token', 'path', 'time', 'level', 'message', 'a"b', 'line\nbreak'),
    );
    fc.assert(
      fc.property(fc.dictionary(key, value), fc.string({ unit: 'binary' }), (fields, message) => {
        lines.length = 0;
        records.length = 0;
        log.info(message, fields);
        const parsed = JSON.parse(lines[0]);
        expect({ ...parsed, time: 'x' }).toEqual({ ...(records[0] as object), time: 'x' });
      }),
      { numRuns: 300 },
    );
  });
});
