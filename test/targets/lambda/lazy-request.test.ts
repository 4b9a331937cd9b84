import { describe, expect, it } from 'vitest';
import { Fw, type Context } from 'fw';
import { lambda } from 'fw/lambda';
import { lazyRequest } from '../../../targets/serverless/lazy-request';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture } from './fixtures';

function sample(): Request {
  return lazyRequest({
    method: 'POST',
    url: 'https://example.com/items?x=1',
    headers: new Headers({ 'content-type': 'application/json', 'x-id': '7' }),
    body: new TextEncoder().encode('{"a":1}') as Uint8Array<ArrayBuffer>,
  });
}

describe('the lazy Request of the Lambda target', () => {
  it('is a Request with method, url and headers', () => {
    const request = sample();
    expect(request).toBeInstanceOf(Request);
    expect([request.method, request.url, request.headers.get('x-id')]).toEqual(['POST', 'https://example.com/items?x=1', '7']);
    expect(Object.prototype.toString.call(request)).toBe('[object Request]');
  });

  it('reads its body once, like a Request', async () => {
    const request = sample();
    expect(request.bodyUsed).toBe(false);
    expect(await request.json()).toEqual({ a: 1 });
    expect(request.bodyUsed).toBe(true);
    await expect(request.text()).rejects.toThrow(TypeError);
  });

  it('answers arrayBuffer() with exactly the body bytes, even from a pooled Buffer', async () => {
    const pooled = Buffer.from('{"a":1}', 'utf8') as unknown as Uint8Array<ArrayBuffer>;
    const request = lazyRequest({ method: 'PUT', url: 'https://example.com/', headers: new Headers(), body: pooled });
    expect(new TextDecoder().decode(await request.arrayBuffer())).toBe('{"a":1}');
    expect(request.bodyUsed).toBe(true);
    expect(request.body?.locked || request.bodyUsed).toBe(true);
    await expect(request.arrayBuffer()).rejects.toThrow(TypeError);
  });

  it('reads an absent body as empty, as often as asked', async () => {
    const request = lazyRequest({ method: 'GET', url: 'https://example.com/', headers: new Headers(), body: undefined });
    expect([await request.text(), await request.text(), request.bodyUsed, request.body]).toEqual(['', '', false, null]);
  });

  it('can be cloned, copied with new Request() and has a signal', async () => {
    const request = sample();
    expect(request.signal).toBeInstanceOf(AbortSignal);
    const clone = request.clone();
    expect(await clone.text()).toBe('{"a":1}');
    const copy = new Request(request, { headers: { 'x-copy': '1' } });
    expect([copy.method, copy.url, copy.headers.get('x-copy')]).toEqual(['POST', 'https://example.com/items?x=1', '1']);
    expect(await copy.text()).toBe('{"a":1}');
  });

  it('gives handlers the same view of the request a real one would', async () => {
    const app = new Fw();
    app.post('/api/items', async (ctx: Context) => ({
      isRequest: ctx.request instanceof Request,
      json: await ctx.json(),
      form: ctx.request.headers.get('content-type'),
      signal: ctx.request.signal.aborted,
    }));
    const result: any = await lambda(app)(fixture('apigw-v1-custom-domain'), lambdaContext());
    expect(JSON.parse(result.body)).toEqual({ isRequest: true, json: { name: 'widget' }, form: 'application/json', signal: false });
  });

  it('answers an event whose host makes no valid URL with a 400', async () => {
    const event = fixture('apigw-v1');
    event.requestContext.domainName = 'bad host name';
    const result: any = await lambda(new Fw())(event, lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body).error).toBe('The request host "bad host name" is not a valid host name');
  });

  it('normalizes the URL the way a Request would', async () => {
    const app = new Fw();
    app.get('/*', (ctx: Context) => ctx.request.url);
    const event = fixture('function-url');
    event.requestContext.domainName = 'EXAMPLE.com:443';
    event.rawQueryString = 'q=a b';
    const result: any = await lambda(app)(event, lambdaContext());
    expect(result.body).toBe('https://example.com/hello?q=a%20b');
  });
});
