import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import {
  BusinessError,
  ConflictError,
  FatalError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  SystemError,
  UnauthorizedError,
} from '../../src/core/errors';
import { ValidationException } from '../../src/schema/validation';
import { call, postJson } from './helpers';

const table: [string, () => Error, number, string][] = [
  ['HttpError(status)', () => new HttpError(418, 'teapot'), 418, 'HTTP_418'],
  ['HttpError(status) of a known status', () => new HttpError(429, 'slow down'), 429, 'TOO_MANY_REQUESTS'],
  ['HttpError with a code', () => new HttpError(422, 'bad thing', { code: 'BAD_THING' }), 422, 'BAD_THING'],
  ['BusinessError', () => new BusinessError('rule broken'), 400, 'BUSINESS_ERROR'],
  ['BusinessError with a status', () => new BusinessError('gone', { status: 410 }), 410, 'BUSINESS_ERROR'],
  ['NotFoundError', () => new NotFoundError('no such user'), 404, 'NOT_FOUND'],
  ['UnauthorizedError', () => new UnauthorizedError('log in'), 401, 'UNAUTHORIZED'],
  ['ForbiddenError', () => new ForbiddenError('not yours'), 403, 'FORBIDDEN'],
  ['ConflictError', () => new ConflictError('exists'), 409, 'CONFLICT'],
  ['SystemError', () => new SystemError('db down'), 500, 'SYSTEM_ERROR'],
  ['FatalError', () => new FatalError('corrupt'), 500, 'FATAL_ERROR'],
  ['ValidationException', () => new ValidationException([{ path: '/a', message: 'bad', keyword: 'type' }]), 400, 'VALIDATION_ERROR'],
];

describe('error classes map to their statuses with no plugin', () => {
  it.each(table)('%s', async (_name, make, status, code) => {
    const app = new Fw();
    const error = make();
    app.get('/', () => {
      throw error;
    });
    const res = await call(app, '/');
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.json.error).toBe(error.message);
    expect(res.json.code).toBe(code);
    expect(res.json.stack).toBeUndefined();
  });

  it('the class hierarchy follows spec part 7', () => {
    expect(new NotFoundError()).toBeInstanceOf(BusinessError);
    expect(new UnauthorizedError()).toBeInstanceOf(BusinessError);
    expect(new ForbiddenError()).toBeInstanceOf(BusinessError);
    expect(new ConflictError()).toBeInstanceOf(BusinessError);
    expect(new BusinessError()).toBeInstanceOf(HttpError);
    expect(new SystemError()).toBeInstanceOf(HttpError);
    expect(new FatalError('x')).not.toBeInstanceOf(HttpError);
    expect(new FatalError('x', { crash: true }).crash).toBe(true);
    expect(new NotFoundError().name).toBe('NotFoundError');
    expect(new HttpError(503, undefined, { retryable: true }).retryable).toBe(true);
  });

  it('details appear in the body; the error headers are sent', async () => {
    const app = new Fw();
    app.get('/', () => {
      throw new ConflictError('taken', { details: { field: 'email' }, headers: { 'retry-after': '5' } });
    });
    const res = await call(app, '/');
    expect(res.json).toEqual({ error: 'taken', code: 'CONFLICT', details: { field: 'email' } });
    expect(res.headers.get('retry-after')).toBe('5');
  });

  it('any error with a numeric 4xx/5xx status and headers is mapped (e.g. a circuit breaker error, 503)', async () => {
    const app = new Fw();
    class CircuitBreakerError extends Error {
      readonly status = 503;
      readonly code = 'CIRCUIT_OPEN';
      readonly headers = { 'retry-after': '30' };
    }
    app.get('/', () => {
      throw new CircuitBreakerError('Circuit "db" is OPEN');
    });
    const res = await call(app, '/');
    expect([res.status, res.json, res.headers.get('retry-after')]).toEqual([
      503,
      { error: 'Circuit "db" is OPEN', code: 'CIRCUIT_OPEN' },
      '30',
    ]);
  });

  it('a validation failure lists its errors as details', async () => {
    const app = new Fw();
    app.post('/', () => 'ok', { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } });
    const res = await postJson(app, '/', { name: 5 });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect(res.json.details[0].path).toBe('/body/name');
  });
});

describe('unexpected errors', () => {
  it('a thrown plain Error is a 500 that does not leak its message outside development mode', async () => {
    const app = new Fw();
    app.get('/', () => {
      throw new Error('password=hunter2 in connection string');
    });
    const res = await call(app, '/');
    expect([res.status, res.json]).toEqual([500, { error: 'Internal Server Error', code: 'INTERNAL_ERROR' }]);
    expect(res.text).not.toContain('hunter2');
  });

  it('an async rejection, a thrown string and a thrown null are 500s too', async () => {
    const app = new Fw();
    app.get('/a', async () => {
      throw new TypeError('x');
    });
    app.get('/s', () => {
      throw 'just a string';
    });
    app.get('/n', () => {
      throw null;
    });
    for (const path of ['/a', '/s', '/n']) {
      const res = await call(app, path);
      expect([res.status, res.json]).toEqual([500, { error: 'Internal Server Error', code: 'INTERNAL_ERROR' }]);
    }
  });

  it('development mode shows the message and adds stack', async () => {
    const app = new Fw({ development: true });
    app.get('/', () => {
      throw new Error('detail for developers');
    });
    app.get('/known', () => {
      throw new NotFoundError('nope');
    });
    const res = await call(app, '/');
    expect(res.json.error).toBe('detail for developers');
    expect(res.json.code).toBe('INTERNAL_ERROR');
    expect(res.json.stack).toContain('detail for developers');
    expect((await call(app, '/known')).json.stack).toContain('NotFoundError');
  });

  it('a status outside 400-599 on an error is answered 500', async () => {
    const app = new Fw();
    app.get('/', () => {
      throw new HttpError(200, 'not really an error');
    });
    expect((await call(app, '/')).status).toBe(500);
  });
});

describe('bad inputs are 4xx, never a crash', () => {
  it('a malformed JSON body is a 400 with a clear message', async () => {
    const app = new Fw();
    app.post('/', async (ctx) => ctx.body());
    app.post('/json', async (ctx) => ctx.json());
    for (const path of ['/', '/json']) {
      const res = await call(app, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
      expect([res.status, res.json.error, res.json.code]).toEqual([400, 'Malformed JSON body', 'INVALID_BODY']);
    }
  });

  it('a malformed JSON body on a route with a body schema is a 400', async () => {
    const app = new Fw();
    app.post('/', () => 'ok', { schema: { body: { type: 'object' } } });
    const res = await call(app, '/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' });
    expect(res.status).toBe(400);
  });

  it('an empty body on a route with a body schema is a 400 saying the body is required', async () => {
    const app = new Fw();
    app.post('/', () => 'ok', { schema: { body: { type: 'object' } } });
    const res = await call(app, '/', { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect(res.json.details).toEqual([{ path: '/body', message: expect.stringMatching(/body is required/), keyword: 'required' }]);
  });

  it('query and params schemas reject bad values with 400 and coerce good ones', async () => {
    const app = new Fw();
    app.get('/n/:id', (ctx) => ({ id: ctx.params.id, limit: ctx.query.limit }), {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer' } } },
        query: { type: 'object', properties: { limit: { type: 'integer', maximum: 10 } } },
      },
    });
    expect((await call(app, '/n/3?limit=5')).json).toEqual({ id: 3, limit: 5 });
    expect((await call(app, '/n/x')).status).toBe(400);
    expect((await call(app, '/n/3?limit=50')).status).toBe(400);
  });

  it('a thrown error whose message getter throws is still answered', async () => {
    const app = new Fw({ development: true });
    const evil = Object.create(Error.prototype, {
      message: {
        get() {
          throw new Error('getter');
        },
      },
    });
    app.get('/', () => {
      throw evil;
    });
    expect((await call(app, '/')).status).toBe(500);
  });
});
