import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Fw, type Context } from 'fw';
import { lambda } from 'fw/lambda';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture } from './fixtures';

const app = new Fw();
app.all('/*', async (ctx: Context) => ({ path: ctx.path, query: ctx.query, body: ctx.method === 'GET' || ctx.method === 'HEAD' ? null : await ctx.bodyText() }));
const handler = lambda(app);
const context = lambdaContext();

const text = fc.string({ unit: 'binary', maxLength: 24 });
const headerMap = fc.dictionary(text, fc.oneof(text, fc.constant(null)), { maxKeys: 4 });
const method = fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'CONNECT', 'get'), text);
const body = fc.oneof(fc.constant(null), text, fc.base64String({ maxLength: 40 }));

async function expectAnswered(event: unknown): Promise<void> {
  const result = (await handler(event, context)) as { statusCode: number; body: string };
  expect(result.statusCode).toBeGreaterThanOrEqual(200);
  expect(result.statusCode).toBeLessThan(500);
  expect(typeof result.body).toBe('string');
  if (result.statusCode === 400) expect(JSON.parse(result.body).code).toBe('INVALID_REQUEST');
}

describe('lambda(): arbitrary HTTP events are answered, never crash', () => {
  it('v1 events with random paths, headers, query parameters, methods and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(text, headerMap, fc.dictionary(text, text, { maxKeys: 3 }), method, body, fc.boolean(), async (path, headers, query, verb, payload, isBase64) => {
        const event = fixture('apigw-v1');
        Object.assign(event, { path: `/${path}`, headers, multiValueHeaders: null, queryStringParameters: query, multiValueQueryStringParameters: null, httpMethod: verb, body: payload, isBase64Encoded: isBase64 });
        await expectAnswered(event);
      }),
      { numRuns: 300 },
    );
  });

  it('v2 events with random raw paths, query strings, cookies and headers', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, fc.array(text, { maxLength: 3 }), headerMap, method, body, async (rawPath, rawQuery, cookies, headers, verb, payload) => {
        const event = fixture('apigw-v2');
        Object.assign(event, { rawPath: `/${rawPath}`, rawQueryString: rawQuery, cookies, headers, body: payload });
        event.requestContext.http.method = verb;
        await expectAnswered(event);
      }),
      { numRuns: 300 },
    );
  });

  it('ALB events with random multi-value headers and raw query values', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.dictionary(text, fc.array(text, { maxLength: 3 }), { maxKeys: 4 }), fc.dictionary(text, fc.array(text, { maxLength: 2 }), { maxKeys: 3 }), async (path, headers, query) => {
        const event = fixture('alb-multi');
        Object.assign(event, { path: `/${path}`, multiValueHeaders: { host: ['example.com'], ...headers }, multiValueQueryStringParameters: query });
        await expectAnswered(event);
      }),
      { numRuns: 300 },
    );
  });
});
