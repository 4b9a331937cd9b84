import { describe, expect, it } from 'vitest';
import { Fw, HttpError, ValidationException, validate, type Context } from 'fw';

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

function todoApp(config = {}): Fw {
  const app = new Fw(config);
  app.post('/todos', async (ctx: Context) => ctx.body(), {
    schema: {
      query: { type: 'object', properties: { limit: { type: 'integer' } } },
      body: {
        type: 'object',
        required: ['title'],
        additionalProperties: false,
        properties: {
          title: { type: 'string' },
          code: { type: 'string', pattern: '^[A-Z]{3}$' },
          state: { enum: ['open', 'done'] },
          tags: { type: 'array', items: { type: 'string', maxLength: 3 } },
        },
      },
    },
  });
  return app;
}

describe('validation messages say what was expected and what came', () => {
  it('names the place and the expectation for each keyword', async () => {
    const response = await todoApp().request(
      '/todos?limit=abc',
      json({ code: 'ab', state: 'closed', tags: ['ok', 'toolong'], isAdmin: true }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Validation failed',
      code: 'VALIDATION_ERROR',
      details: [
        { path: '/query/limit', message: 'query.limit must be integer, got "abc"', keyword: 'type' },
        { path: '/body/title', message: 'body.title is required', keyword: 'required' },
        { path: '/body/code', message: 'body.code must match pattern ^[A-Z]{3}$, got "ab"', keyword: 'pattern' },
        { path: '/body/state', message: 'body.state must be one of "open", "done", got "closed"', keyword: 'enum' },
        { path: '/body/tags/1', message: 'body.tags[1] must be at most 3 characters long, got "toolong"', keyword: 'maxLength' },
        { path: '/body/isAdmin', message: 'body.isAdmin is not allowed', keyword: 'additionalProperties' },
      ],
    });
  });

  it('words numbers, sizes, formats, duplicates, unions and property names', () => {
    const schema = {
      type: 'object',
      properties: {
        n: { type: 'number', exclusiveMinimum: 0, multipleOf: 2 },
        m: { maximum: 10 },
        email: { format: 'email' },
        list: { type: 'array', minItems: 3, uniqueItems: true },
        bag: { type: 'object', maxProperties: 1, propertyNames: { pattern: '^[a-z]+$' } },
        id: { anyOf: [{ type: 'integer' }, { type: 'string', format: 'uuid' }] },
        shape: { oneOf: [{ type: 'object', required: ['r'], properties: { r: { type: 'number' } } }, { type: 'string' }] },
        when: { type: 'object', dependentRequired: { start: ['end'] } },
        fixed: { const: 'v1' },
        'x-trace': { type: 'string' },
      },
    };
    const data = {
      n: -3,
      m: 11,
      email: 'nope',
      list: [1, 1],
      bag: { a: 1, B: 2 },
      id: 'abc',
      shape: { r: 'big' },
      when: { start: 1 },
      fixed: 'v2',
      'x-trace': 7,
    };
    expect(validate(schema, data).errors.map((e) => e.message)).toEqual([
      'n must be > 0, got -3',
      'n must be a multiple of 2, got -3',
      'm must be <= 10, got 11',
      'email must be a valid email, got "nope"',
      'list must have at least 3 items, got 2',
      'list must have no duplicate items, got a duplicate (items 0 and 1)',
      'bag must have at most 1 property, got 2',
      'bag has property name "B" that must match pattern ^[a-z]+$, got "B"',
      'id must be integer or be a valid uuid, got "abc"',
      'shape.r must be number, got "big"',
      'when.end is required when "start" is present',
      'fixed must be "v1", got "v2"',
      '["x-trace"] must be string, got 7',
    ]);
  });

  it('shows long strings cut, and objects and arrays by kind', () => {
    const long = 'x'.repeat(100);
    expect(validate({ type: 'integer' }, long).errors[0].message).toBe(`value must be integer, got "${'x'.repeat(40)}"… (100 characters)`);
    expect(validate({ type: 'string' }, { a: 1 }).errors[0].message).toBe('value must be string, got an object');
    expect(validate({ type: ['string', 'null'] }, [1]).errors[0].message).toBe('value must be string or null, got an array');
  });

  it('says where a value JSON cannot carry sits instead of crashing', () => {
    const errors = validate(
      { type: 'object', properties: { a: { type: 'object', properties: { f: { type: 'string' } } } } },
      { a: { f: () => 1 } },
    ).errors;
    expect(errors).toEqual([{ path: '/a/f', message: 'a.f is a value of type "function", which JSON cannot carry', keyword: 'type' }]);
  });
});

describe('the validation error is an HttpError', () => {
  it('onError hooks that test instanceof HttpError see validation and media-type errors', async () => {
    const app = todoApp();
    const seen: unknown[] = [];
    app.onError((error, ctx) => {
      if (!(error instanceof HttpError)) return undefined;
      seen.push([error.constructor.name, error.status, error.code]);
      return ctx.status(error.status) && { problem: error.code, count: Array.isArray(error.details) ? error.details.length : 0 };
    });
    const invalid = await app.request('/todos', json({}));
    expect([invalid.status, await invalid.json()]).toEqual([400, { problem: 'VALIDATION_ERROR', count: 1 }]);
    const form = await app.request('/todos', {
      method: 'POST',
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([form.status, await form.json()]).toEqual([415, { problem: 'UNSUPPORTED_MEDIA_TYPE', count: 0 }]);
    expect(seen).toEqual([
      ['ValidationException', 400, 'VALIDATION_ERROR'],
      ['HttpError', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ]);
  });

  it('ValidationException stays exported, and development 400s and 415s carry no stack of fw', async () => {
    expect(new ValidationException([])).toBeInstanceOf(HttpError);
    const app = todoApp({ development: true });
    const invalid = await (await app.request('/todos', json({}))).json();
    expect(invalid).toEqual({
      error: 'Validation failed',
      code: 'VALIDATION_ERROR',
      details: [{ path: '/body/title', message: 'body.title is required', keyword: 'required' }],
    });
    const form = await (await app.request('/todos', { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } })).json();
    expect(form).toEqual({ error: 'Unsupported Media Type: expected application/json, got text/plain', code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
