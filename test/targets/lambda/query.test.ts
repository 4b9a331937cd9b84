import { describe, expect, it } from 'vitest';
import { Fw, type Context } from 'fw';
import { lambda } from 'fw/lambda';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture } from './fixtures';

const context = lambdaContext();
const app = new Fw();
app.all('/*', (ctx: Context) => ({ query: ctx.query, all: ctx.queries(), custom: ctx.header('x-custom'), only: ctx.header('x-only') }));
const handler = lambda(app);

async function call(event: unknown): Promise<{ status: number; body: any }> {
  const result = (await handler(event, context)) as { statusCode: number; body: string };
  return { status: result.statusCode, body: JSON.parse(result.body) };
}

/** A value with every character that means something in a query string, as the app must see it. */
const tricky = 'a&b=c+d%e f\u00e9';
/** The same value as a client sends it (form-encoded: `+` is a space). */
const trickySent = 'a%26b%3Dc%2Bd%25e+f%C3%A9';

describe('lambda(): API Gateway v1 query maps (they arrive decoded)', () => {
  it('merges names that only queryStringParameters has, without duplicating names multiValueQueryStringParameters has', async () => {
    const event = fixture('apigw-v1');
    event.multiValueQueryStringParameters = { tag: ['one', 'two'] };
    event.queryStringParameters = { tag: 'two', only: 'single' };
    expect((await call(event)).body.all).toEqual({ tag: ['one', 'two'], only: ['single'] });
  });

  it('does not let a name inherited from Object.prototype hide a single-value parameter', async () => {
    const event = fixture('apigw-v1');
    event.multiValueQueryStringParameters = { tag: ['one'] };
    event.queryStringParameters = { constructor: 'x' };
    expect((await call(event)).body.query).toEqual({ tag: 'one', constructor: 'x' });
  });

  it('re-encodes decoded names and values so `&`, `=`, `+`, `%`, spaces and non-ASCII reach ctx.query exactly', async () => {
    const event = fixture('apigw-v1');
    event.multiValueQueryStringParameters = { [tricky]: [tricky, ''] };
    event.queryStringParameters = { [tricky]: '' };
    const { body } = await call(event);
    expect(body.all).toEqual({ [tricky]: [tricky, ''] });
  });

  it('answers a query value with a lone UTF-16 surrogate with a 400 that says so, not "URI malformed"', async () => {
    const event = fixture('apigw-v1');
    event.multiValueQueryStringParameters = { q: ['\ud800'] };
    const { status, body } = await call(event);
    expect(status).toBe(400);
    expect(body).toEqual({
      error: "The event's query string holds text that is not valid Unicode (a lone UTF-16 surrogate)",
      code: 'INVALID_REQUEST',
    });
  });
});

describe('lambda(): ALB query maps (they arrive as the client sent them)', () => {
  it('keeps multi-value raw values, so an encoded `&`, `=`, `+`, `%` decodes once', async () => {
    const event = fixture('alb-multi');
    event.multiValueQueryStringParameters = { q: [trickySent], tag: ['one', 'two'] };
    expect((await call(event)).body.all).toEqual({ q: [tricky], tag: ['one', 'two'] });
  });

  it('keeps single-value raw values, and merges single-only names when both maps are present', async () => {
    const single = fixture('alb-single');
    single.queryStringParameters = { q: trickySent };
    expect((await call(single)).body.query).toEqual({ q: tricky });
    const both = fixture('alb-multi');
    both.multiValueQueryStringParameters = { tag: ['one', 'two'] };
    both.queryStringParameters = { tag: 'two', only: 'x%20y' };
    expect((await call(both)).body.all).toEqual({ tag: ['one', 'two'], only: ['x y'] });
  });

  it('escapes a raw `#`, `&` or space a hand-made event puts in a value, so no parameter is lost or split', async () => {
    const event = fixture('alb-multi');
    event.multiValueQueryStringParameters = { q: ['a#b&c d'], r: ['1'] };
    expect((await call(event)).body.query).toEqual({ q: 'a#b&c d', r: '1' });
  });
});

describe('lambda(): v2 rawQueryString (HTTP API and function URLs send it as the client did)', () => {
  it('keeps rawQueryString, so ctx.query sees each value decoded once', async () => {
    for (const name of ['apigw-v2', 'function-url']) {
      const event = fixture(name);
      event.rawQueryString = `q=${trickySent}&tag=one&tag=two`;
      expect((await call(event)).body.all).toEqual({ q: [tricky], tag: ['one', 'two'] });
    }
  });

  it('escapes a raw `#` and trailing space in rawQueryString instead of losing what follows', async () => {
    const event = fixture('function-url');
    event.rawQueryString = 'a=1#x&b=2 ';
    expect((await call(event)).body.query).toEqual({ a: '1#x', b: '2 ' });
  });
});

describe('lambda(): v1 and ALB headers (checked: already merged like the query maps)', () => {
  it('keeps names only headers has and never duplicates a name both maps have, whatever its case', async () => {
    const event = fixture('apigw-v1');
    event.multiValueHeaders['X-Custom'] = ['123'];
    event.headers['x-custom'] = '123';
    event.headers['X-Only'] = 'single';
    const { body } = await call(event);
    expect(body.custom).toBe('123');
    expect(body.only).toBe('single');
  });
});
