import { describe, expect, it } from 'vitest';
import { Fw, type Context } from 'fw';
import { lambda, type LambdaOptions } from 'fw/lambda';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture } from './fixtures';

const context = lambdaContext();

/** An app that lets encoded slashes through (they are refused by default), so a `%2F` shows it is kept encoded once. */
function pathApp(): Fw {
  const app = new Fw({ allowEncodedSlashes: true });
  const show = (ctx: Context) => ({ name: ctx.params.name ?? null, path: ctx.path, pathname: new URL(ctx.request.url).pathname });
  app.get('/files/:name', show);
  app.all('/*', show);
  return app;
}

async function call(event: unknown, options: LambdaOptions = {}): Promise<{ status: number; body: any }> {
  const result = (await lambda(pathApp(), options)(event, context)) as { statusCode: number; body: string };
  return { status: result.statusCode, body: JSON.parse(result.body) };
}

/** What the client sends, percent-encoded once: a `/`, a `%`, a space, an `é` and a `?`, all inside one segment. */
const sent = '/files/a%2Fb%25c%20d%C3%A9%3Fe';
const name = 'a/b%c dé?e';

function restEvent(path: string): any {
  const event = fixture('apigw-v1');
  event.path = path;
  return event;
}

function albEvent(path: string): any {
  const event = fixture('alb-multi');
  event.path = path;
  return event;
}

function functionUrlEvent(rawPath: string): any {
  const event = fixture('function-url');
  event.rawPath = rawPath;
  return event;
}

function httpApiEvent(rawPath: string): any {
  const event = fixture('apigw-v2');
  event.requestContext.http.method = 'GET';
  event.rawPath = rawPath;
  event.requestContext.http.path = rawPath;
  return event;
}

describe('lambda(): the request path is percent-encoded exactly once, as the client sent it', () => {
  it('keeps the encoded path of a REST API (v1) event', async () => {
    const { status, body } = await call(restEvent(sent));
    expect(status).toBe(200);
    expect(body).toEqual({ name, path: '/files/a%2Fb%25c d\u00e9%3Fe', pathname: sent });
  });

  it('keeps the encoded path of an ALB event', async () => {
    const { body } = await call(albEvent(sent));
    expect(body).toMatchObject({ name, pathname: sent });
  });

  it('keeps the encoded rawPath of a function URL event (it is not decoded a second time)', async () => {
    const { body } = await call(functionUrlEvent(sent));
    expect(body).toMatchObject({ name, pathname: sent });
  });

  it('tells a function URL event by its decoded requestContext.http.path when its domain is not a lambda-url one', async () => {
    const event = functionUrlEvent(sent);
    event.requestContext.domainName = 'app.example.com';
    event.headers.host = 'app.example.com';
    event.requestContext.http.path = '/files/a/b%c d\u00e9?e';
    expect((await call(event)).body).toMatchObject({ name, pathname: sent });
  });

  it('encodes the decoded rawPath of an HTTP API (v2) event, `%` included', async () => {
    const { body } = await call(httpApiEvent('/files/100%41 d\u00e9#x'));
    expect(body).toEqual({ name: '100%41 d\u00e9#x', path: '/files/100%2541 d\u00e9%23x', pathname: '/files/100%2541%20d%C3%A9%23x' });
  });

  it('encodes the decoded path of an HTTP API payload 1.0 event (version "1.0")', async () => {
    const event = fixture('apigw-v1-custom-domain');
    event.httpMethod = 'GET';
    event.path = '/files/100%41 d\u00e9?x';
    const { body } = await call(event);
    expect(body).toMatchObject({ name: '100%41 d\u00e9?x', pathname: '/files/100%2541%20d%C3%A9%3Fx' });
  });

  it('strips a named stage from a decoded HTTP API path (Hono #2156, #4358)', async () => {
    const { body } = await call(fixture('apigw-v2-decoded-path'), { stripStage: true });
    expect(body.pathname).toBe('/files/a%20b/100%25/caf%C3%A9%3F%23');
    expect(body.path).toBe('/files/a b/100%25/caf\u00e9%3F%23');
  });

  it('strips a base path written decoded from an encoded path', async () => {
    const { body } = await call(restEvent('/my%20api/files/x%2Fy'), { basePath: '/my api' });
    expect(body).toMatchObject({ name: 'x/y', pathname: '/files/x%2Fy' });
  });

  it('leaves a malformed escape of an encoded path to the core, which answers 400 (not a 200 for "%25zz")', async () => {
    for (const event of [restEvent('/files/%zz'), albEvent('/files/%E9'), functionUrlEvent('/files/a%')]) {
      const { status, body } = await call(event);
      expect(status).toBe(400);
      expect(body.code).toBe('BAD_PATH');
    }
  });

  it('escapes a `?`, `#` or space that a hand-made event puts raw in an encoded path, so the URL never cuts it', async () => {
    const { body } = await call(restEvent('/files/a?b#c d'));
    expect(body).toMatchObject({ name: 'a?b#c d', pathname: '/files/a%3Fb%23c%20d' });
  });

  it('answers a path with a lone UTF-16 surrogate with a 400 that says so', async () => {
    const { status, body } = await call(httpApiEvent('/files/\ud800'));
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'The request path holds text that is not valid Unicode (a lone UTF-16 surrogate)',
      code: 'INVALID_REQUEST',
    });
  });

  it('throws at startup on a basePath that does not start with "/"', () => {
    expect(() => lambda(pathApp(), { basePath: 'api' })).toThrow(
      'fw/lambda: options.basePath must be a path starting with "/" (such as "/api"), got "api"',
    );
  });
});
