import { beforeEach, describe, expect, it } from 'vitest';
import { Fw, type Context } from 'fw';
import { clientIp, lambda, type LambdaEnv } from 'fw/lambda';
import { getColdStartStats, resetColdStartStats } from 'fw/serverless';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture } from './fixtures';

function echoApp(): Fw {
  const app = new Fw();
  const echo = async (ctx: Context) => ({
    method: ctx.method,
    path: ctx.path,
    url: ctx.request.url,
    search: ctx.search,
    tags: ctx.queries('tag'),
    q: ctx.query.q ?? null,
    custom: ctx.header('x-custom'),
    cookie: ctx.header('cookie'),
    contentLength: ctx.header('content-length'),
    transferEncoding: ctx.header('transfer-encoding'),
    body: ctx.method === 'GET' || ctx.method === 'HEAD' ? null : await ctx.bodyText(),
  });
  app.all('/*', echo);
  return app;
}

const context = lambdaContext();

describe('lambda(): API Gateway REST (payload v1)', () => {
  beforeEach(() => resetColdStartStats());

  it('builds the request from path, query and headers, and answers with multiValueHeaders only', async () => {
    const handler = lambda(echoApp());
    const result: any = await handler(fixture('apigw-v1'), context);
    expect(result.statusCode).toBe(200);
    expect(result.headers).toBeUndefined();
    expect(result.multiValueHeaders['content-type']).toEqual(['application/json; charset=utf-8']);
    expect(result.isBase64Encoded).toBe(false);
    const body = JSON.parse(result.body);
    expect(body.url).toBe('https://abc123.execute-api.us-east-1.amazonaws.com/users/42?q=a%20b%26c&tag=one&tag=two');
    expect(body.q).toBe('a b&c');
    expect(body.tags).toEqual(['one', 'two']);
    expect(body.custom).toBe('123');
    expect(body.cookie).toBe('sid=abc; theme=dark');
  });

  it('skips null header values instead of sending empty headers', async () => {
    const event = fixture('apigw-v1');
    delete event.multiValueHeaders;
    event.headers['X-Custom'] = null;
    expect(JSON.parse(((await lambda(echoApp())(event, context)) as any).body).custom).toBeNull();
  });

  it('uses single-value headers and query when there are no multi-value ones', async () => {
    const event = fixture('apigw-v1');
    delete event.multiValueHeaders;
    delete event.multiValueQueryStringParameters;
    const body = JSON.parse(((await lambda(echoApp())(event, context)) as any).body);
    expect(body.tags).toEqual(['two']);
    expect(body.custom).toBe('123');
  });

  it('decides the version by requestContext.http vs httpMethod, not by rawPath (Hono #5015)', async () => {
    const event = fixture('apigw-v1-custom-domain');
    const result: any = await lambda(echoApp())(event, context);
    expect(result.multiValueHeaders).toBeDefined();
    expect(result.cookies).toBeUndefined();
    expect(JSON.parse(result.body)).toMatchObject({ method: 'POST', path: '/api/items', body: '{"name":"widget"}' });
  });

  it('recomputes content-length from the real body so a size limit cannot be bypassed', async () => {
    const body = JSON.parse(((await lambda(echoApp())(fixture('apigw-v1-custom-domain'), context)) as any).body);
    expect(body.contentLength).toBe(String(Buffer.byteLength('{"name":"widget"}')));
  });

  it('drops the body of a GET instead of throwing (Hono #1075)', async () => {
    const result: any = await lambda(echoApp())(fixture('apigw-v1-get-with-body'), context);
    expect(result.statusCode).toBe(200);
    const body = JSON.parse(result.body);
    expect(body.method).toBe('GET');
    expect(body.contentLength).toBeNull();
  });

  it('decodes a base64 request body and drops transfer-encoding', async () => {
    const app = new Fw();
    app.post('/upload', async (ctx: Context) => {
      const bytes = new Uint8Array(await ctx.request.arrayBuffer());
      return { bytes: [...bytes.slice(0, 6)], length: bytes.length, te: ctx.header('transfer-encoding'), cl: ctx.header('content-length') };
    });
    const result: any = await lambda(app)(fixture('apigw-v1-binary-upload'), context);
    const expected = Buffer.from('AAEC/f7/iVBORw0KGgo=', 'base64');
    expect(JSON.parse(result.body)).toEqual({
      bytes: [...expected.subarray(0, 6)],
      length: expected.length,
      te: null,
      cl: String(expected.length),
    });
  });

  it('answers a body marked base64 that is not base64 with a 400', async () => {
    const event = fixture('apigw-v1-binary-upload');
    event.body = 'not base64 at all!';
    const result: any = await lambda(echoApp())(event, context);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body)).toMatchObject({ code: 'INVALID_REQUEST', error: expect.stringContaining('base64') });
  });

  it('answers an invalid header name with a 400 in the negotiated format (Hono #4883)', async () => {
    const result: any = await lambda(echoApp())(fixture('apigw-v1-bad-headers'), context);
    expect(result.statusCode).toBe(400);
    expect(result.multiValueHeaders['content-type'][0]).toMatch(/^application\/json/);
    expect(JSON.parse(result.body)).toEqual({ error: 'Invalid header name "bad header"', code: 'INVALID_REQUEST' });
  });

  it('answers a non-ASCII header value with a 400 (Hono #4437)', async () => {
    const event = fixture('apigw-v1');
    event.headers['X-Name'] = 'café ☕';
    const result: any = await lambda(echoApp())(event, context);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body).error).toBe('Header "X-Name" has a non-ASCII value');
  });

  it('answers an unknown or forbidden method with a 400, not a crash', async () => {
    for (const method of ['GE T', 'CONNECT', '']) {
      const event = fixture('apigw-v1');
      event.httpMethod = method;
      const result: any = await lambda(echoApp())(event, context);
      expect(result.statusCode).toBe(400);
      expect(JSON.parse(result.body).code).toBe('INVALID_REQUEST');
    }
  });

  it('answers a non-string body with a 400', async () => {
    const event = fixture('apigw-v1-custom-domain');
    event.body = { name: 'widget' };
    const result: any = await lambda(echoApp())(event, context);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body).error).toBe('The event body must be a string');
  });

  it('does not duplicate a header present in both headers and multiValueHeaders (Hono #2550)', async () => {
    const body = JSON.parse(((await lambda(echoApp())(fixture('apigw-v1'), context)) as any).body);
    expect(body.custom).toBe('123');
  });

  it('strips the stage and a base path when asked (Fastify retainStage)', async () => {
    const event = fixture('apigw-v1');
    event.path = '/prod/v1/users/42';
    const body = JSON.parse(((await lambda(echoApp(), { stripStage: true, basePath: '/v1' })(event, context)) as any).body);
    expect(body.path).toBe('/users/42');
    const custom = fixture('apigw-v1-custom-domain');
    const body2 = JSON.parse(((await lambda(echoApp(), { basePath: '/api/' })(custom, context)) as any).body);
    expect(body2.path).toBe('/items');
  });

  it('keeps the stage when stripStage is not set', async () => {
    const event = fixture('apigw-v1');
    event.path = '/prod/users/42';
    expect(JSON.parse(((await lambda(echoApp())(event, context)) as any).body).path).toBe('/prod/users/42');
  });
});

describe('lambda(): HTTP API (payload v2) and function URLs', () => {
  it('uses rawQueryString as is, folds cookies[] into one Cookie header, and recomputes content-length', async () => {
    const result: any = await lambda(echoApp())(fixture('apigw-v2'), context);
    expect(result.statusCode).toBe(200);
    expect(result.multiValueHeaders).toBeUndefined();
    expect(result.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(result.body);
    expect(body.url).toBe('https://id.execute-api.us-east-1.amazonaws.com/my/path?parameter1=value1&parameter1=value2&parameter2=a%20b');
    expect(body.cookie).toBe('cookie1=one; cookie2=two');
    expect(body.body).toBe('{"hello":"world"}');
    expect(body.contentLength).toBe('17');
  });

  it('returns every Set-Cookie in cookies[], never joined with ", " (Hono #3084)', async () => {
    const app = new Fw();
    app.get('/hello', (ctx: Context) => {
      ctx.setCookie('a', '1', { expires: new Date('2030-01-01T00:00:00Z') });
      ctx.setCookie('b', '2');
      return 'hi';
    });
    const result: any = await lambda(app)(fixture('function-url'), context);
    expect(result.cookies).toEqual(['a=1; Path=/; Expires=Tue, 01 Jan 2030 00:00:00 GMT', 'b=2; Path=/']);
    expect(result.headers['set-cookie']).toBeUndefined();
    expect(result.body).toBe('hi');
  });

  it("answers the same headers and cookies whether or not something read the response's Headers first", async () => {
    const app = new Fw();
    app.use(async (ctx, next) => {
      const response = await next();
      if (ctx.query.touch === '1') response.headers.get('content-type');
      return response;
    });
    app.get('/hello', (ctx: Context) => {
      ctx.setHeader('X-Powered-By', 'fw');
      ctx.setHeader('cache-control', 'no-store');
      ctx.setCookie('a', '1');
      ctx.setCookie('b', '2');
      return { ok: true };
    });
    const handler = lambda(app);
    const event = fixture('function-url');
    event.rawQueryString = '';
    const kept: any = await handler(event, context);
    event.rawQueryString = 'touch=1';
    const touched: any = await handler(event, context);
    expect(kept.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', 'x-powered-by': 'fw', 'cache-control': 'no-store' });
    expect(kept.cookies).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(touched).toEqual(kept);
  });

  it('base64-encodes binary and compressed responses, and keeps text as text', async () => {
    const png = new Uint8Array(70_000).map((_, i) => i % 256);
    const app = new Fw();
    app.get('/hello', (ctx: Context) => {
      const kind = ctx.query.name;
      if (kind === 'png') return new Response(png, { headers: { 'content-type': 'image/png' } });
      if (kind === 'pdf') return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
      if (kind === 'docx')
        return new Response('PK', {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
        });
      if (kind === 'gzip') return new Response('gz', { headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' } });
      if (kind === 'svg') return new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } });
      return { text: true };
    });
    const handler = lambda(app);
    const call = async (name: string): Promise<any> => {
      const event = fixture('function-url');
      event.rawQueryString = `name=${name}`;
      return handler(event, context);
    };
    const image = await call('png');
    expect(image.isBase64Encoded).toBe(true);
    expect(Buffer.from(image.body, 'base64').equals(Buffer.from(png))).toBe(true);
    expect((await call('pdf')).isBase64Encoded).toBe(true);
    expect((await call('docx')).isBase64Encoded).toBe(true);
    const gz = await call('gzip');
    expect([gz.isBase64Encoded, Buffer.from(gz.body, 'base64').toString()]).toEqual([true, 'gz']);
    expect(await call('svg')).toMatchObject({ isBase64Encoded: false, body: '<svg/>' });
    expect(await call('json')).toMatchObject({ isBase64Encoded: false, body: '{"text":true}' });
  });

  it('decides by the bytes when a response has no content type', async () => {
    const app = new Fw();
    app.get('/hello', (ctx: Context) => {
      const bytes = ctx.query.name === 'utf8' ? new TextEncoder().encode('héllo') : new Uint8Array([0xff, 0xfe, 0x00, 0x80]);
      const response = new Response(bytes);
      response.headers.delete('content-type');
      return response;
    });
    const handler = lambda(app);
    const event = fixture('function-url');
    const raw: any = await handler(event, context);
    expect(raw.isBase64Encoded).toBe(true);
    expect([...Buffer.from(raw.body, 'base64')]).toEqual([0xff, 0xfe, 0x00, 0x80]);
    event.rawQueryString = 'name=utf8';
    expect(await handler(event, context)).toMatchObject({ isBase64Encoded: false, body: 'héllo' });
  });

  it('lets binaryMediaTypes decide which types are binary', async () => {
    const app = new Fw();
    app.get('/hello', () => new Response('a,b', { headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    const result: any = await lambda(app, { binaryMediaTypes: ['text/*'] })(fixture('function-url'), context);
    expect(result.isBase64Encoded).toBe(true);
    expect(Buffer.from(result.body, 'base64').toString()).toBe('a,b');
  });

  it('answers HEAD with an empty body', async () => {
    const app = new Fw();
    app.get('/hello', () => 'hello');
    const event = fixture('function-url');
    event.requestContext.http.method = 'HEAD';
    const result: any = await lambda(app)(event, context);
    expect(result).toMatchObject({ statusCode: 200, body: '' });
  });

  it('passes { event, context } as ctx.env, with the remaining time', async () => {
    const app = new Fw();
    app.get('/hello', (ctx: Context<LambdaEnv>) => ({
      requestId: ctx.env.context.awsRequestId,
      remaining: ctx.env.context.getRemainingTimeInMillis(),
      routeKey: (ctx.env.event as { routeKey?: string }).routeKey,
      ip: clientIp(ctx.env.event),
    }));
    const body = JSON.parse(((await lambda(app)(fixture('function-url'), lambdaContext(5000))) as any).body);
    expect(body.requestId).toBe(context.awsRequestId);
    expect(body.remaining).toBeGreaterThan(0);
    expect(body.remaining).toBeLessThanOrEqual(5000);
    expect(body.routeKey).toBe('$default');
    expect(body.ip).toBe('203.0.113.20');
  });

  it('waits for ctx.waitUntil work before returning (Lambda freezes afterwards)', async () => {
    const app = new Fw();
    const done: string[] = [];
    app.get('/hello', (ctx: Context) => {
      ctx.waitUntil(new Promise((resolve) => setTimeout(resolve, 20)).then(() => done.push('flushed')));
      return 'ok';
    });
    await lambda(app)(fixture('function-url'), context);
    expect(done).toEqual(['flushed']);
  });

  it('still answers when a ctx.waitUntil task fails', async () => {
    const app = new Fw();
    app.get('/hello', (ctx: Context) => {
      ctx.waitUntil(Promise.reject(new Error('analytics down')));
      return 'ok';
    });
    expect(await lambda(app)(fixture('function-url'), context)).toMatchObject({ statusCode: 200, body: 'ok' });
  });

  it('answers 404 and handler errors through the core, in the negotiated format', async () => {
    const app = new Fw();
    app.get('/boom', () => {
      throw new Error('secret detail');
    });
    const handler = lambda(app);
    const missing: any = await handler(fixture('function-url'), context);
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body).code).toBe('NOT_FOUND');
    const event = fixture('function-url');
    event.rawPath = '/boom';
    const failed: any = await handler(event, context);
    expect(failed.statusCode).toBe(500);
    expect(JSON.parse(failed.body)).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' });
  });

  it('counts invocations: the first is cold, the rest warm', async () => {
    resetColdStartStats();
    const handler = lambda(echoApp());
    await handler(fixture('function-url'), context);
    expect(getColdStartStats()).toMatchObject({ target: 'lambda', coldStart: true, invocations: 1 });
    await handler(fixture('function-url'), context);
    const stats = getColdStartStats();
    expect(stats).toMatchObject({ coldStart: false, invocations: 2, warmInvocations: 1 });
    expect(stats.warmUpMs).not.toBeNull();
    expect(stats.firstInvocationMs).not.toBeNull();
  });
});

describe('lambda(): ALB', () => {
  it('single-value mode: raw query kept, headers answered in headers with statusDescription', async () => {
    const result: any = await lambda(echoApp())(fixture('alb-single'), context);
    expect(result.statusCode).toBe(200);
    expect(result.statusDescription).toBe('200 OK');
    expect(result.multiValueHeaders).toBeUndefined();
    expect(result.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(result.body);
    expect(body.url).toBe('http://lambda-alb-123578498.us-east-1.elb.amazonaws.com/users/42?q=a%20b&tag=one');
    expect(body.q).toBe('a b');
    expect(body.cookie).toBe('sid=abc');
  });

  it("statusDescription: the response's statusText, else Node's reason phrase for the status", async () => {
    const app = new Fw();
    app.get('/users/:id', (ctx: Context) =>
      ctx.params.id === '42' ? new Response('short', { status: 418 }) : new Response(null, { status: 299, statusText: 'Custom' }),
    );
    const handler = lambda(app);
    expect(await handler(fixture('alb-single'), context)).toMatchObject({ statusCode: 418, statusDescription: "418 I'm a Teapot" });
    const event = fixture('alb-single');
    event.path = '/users/7';
    expect(await handler(event, context)).toMatchObject({ statusCode: 299, statusDescription: '299 Custom' });
    event.path = '/nowhere';
    expect(await handler(event, context)).toMatchObject({ statusCode: 404, statusDescription: '404 Not Found' });
  });

  it('multi-value mode: repeated headers, query values and cookies survive', async () => {
    const app = new Fw();
    app.get('/users/:id', (ctx: Context) => {
      ctx.setCookie('a', '1');
      ctx.setCookie('b', '2');
      return { tags: ctx.queries('tag'), custom: ctx.header('x-custom'), cookie: ctx.header('cookie') };
    });
    const result: any = await lambda(app)(fixture('alb-multi'), context);
    expect(result.headers).toBeUndefined();
    expect(result.multiValueHeaders['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(JSON.parse(result.body)).toEqual({ tags: ['one', 'two'], custom: '1, 2', cookie: 'sid=abc; theme=dark' });
  });

  it('single-value mode can carry one Set-Cookie only: the first is kept', async () => {
    const app = new Fw();
    app.get('/users/:id', (ctx: Context) => {
      ctx.setCookie('a', '1');
      ctx.setCookie('b', '2');
      return 'ok';
    });
    const result: any = await lambda(app)(fixture('alb-single'), context);
    expect(result.headers['set-cookie']).toBe('a=1; Path=/');
  });

  it('takes the client IP from the last x-forwarded-for entry', () => {
    expect(clientIp(fixture('alb-single'))).toBe('203.0.113.50');
    expect(clientIp(fixture('apigw-v1'))).toBe('198.51.100.7');
    expect(clientIp(fixture('apigw-v2'))).toBe('192.0.2.44');
  });
});
