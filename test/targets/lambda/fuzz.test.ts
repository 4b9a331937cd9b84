import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Fw, type Context } from 'fw';
import { lambda, UnhandledEventError } from 'fw/lambda';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture, jsErrorText } from './fixtures';

const app = new Fw();
app.all('/*', async (ctx: Context) => ({
  path: ctx.path,
  query: ctx.query,
  body: ctx.method === 'GET' || ctx.method === 'HEAD' ? null : await ctx.bodyText(),
}));
const handler = lambda(app);
const staged = lambda(app, { stripStage: true, basePath: '/v1' });
const context = lambdaContext();

const text = fc.string({ unit: 'binary', maxLength: 24 });
const headerMap = fc.dictionary(text, fc.oneof(text, fc.constant(null)), { maxKeys: 4 });
const method = fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'CONNECT', 'get'), text);
const body = fc.oneof(fc.constant(null), text, fc.base64String({ maxLength: 40 }));
/** Any value a field of a malformed event could hold: JSON of every type, undefined, and the values JSON cannot carry. */
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.anything({ maxDepth: 2 }), fc.constant(undefined), text);

/** The 400 codes: the adapter's (the event cannot make a Request) and the core's (the path has a malformed escape). */
const badRequestCodes = ['INVALID_REQUEST', 'BAD_PATH'];

/** Checks a result is a well-formed HTTP answer (2xx to 4xx), and that an error answer says what is wrong in its own words. */
function expectWellFormed(result: unknown, kind: 'v1' | 'v2' | 'alb'): void {
  const r = result as { statusCode: number; body: string; headers?: object; multiValueHeaders?: object; isBase64Encoded: boolean };
  expect(Number.isInteger(r.statusCode)).toBe(true);
  expect(r.statusCode).toBeGreaterThanOrEqual(200);
  expect(r.statusCode).toBeLessThan(500);
  expect(typeof r.body).toBe('string');
  expect(typeof r.isBase64Encoded).toBe('boolean');
  expect(typeof (kind === 'v1' ? r.multiValueHeaders : (r.headers ?? r.multiValueHeaders))).toBe('object');
  if (r.statusCode >= 400 && r.statusCode !== 404 && r.statusCode !== 405) {
    const error = JSON.parse(r.body);
    expect(badRequestCodes).toContain(error.code);
    expect(typeof error.error).toBe('string');
    expect(error.error).not.toMatch(jsErrorText);
  }
}

async function expectAnswered(event: unknown, kind: 'v1' | 'v2' | 'alb', h = handler): Promise<void> {
  expectWellFormed(await h(event, context), kind);
}

describe('lambda(): arbitrary HTTP events are answered, never crash', () => {
  it('v1 events with random paths, headers, query parameters, methods and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        headerMap,
        fc.dictionary(text, text, { maxKeys: 3 }),
        method,
        body,
        fc.boolean(),
        async (path, headers, query, verb, payload, isBase64) => {
          const event = fixture('apigw-v1');
          Object.assign(event, {
            path: `/${path}`,
            headers,
            multiValueHeaders: null,
            queryStringParameters: query,
            multiValueQueryStringParameters: null,
            httpMethod: verb,
            body: payload,
            isBase64Encoded: isBase64,
          });
          await expectAnswered(event, 'v1');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('v2 events with random raw paths, query strings, cookies and headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        fc.array(text, { maxLength: 3 }),
        headerMap,
        method,
        body,
        fc.boolean(),
        async (rawPath, rawQuery, cookies, headers, verb, payload, functionUrl) => {
          const event = fixture(functionUrl ? 'function-url' : 'apigw-v2');
          Object.assign(event, { rawPath: `/${rawPath}`, rawQueryString: rawQuery, cookies, headers, body: payload });
          event.requestContext.http.method = verb;
          await expectAnswered(event, 'v2');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ALB events with random multi-value headers and raw query values', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.dictionary(text, fc.array(text, { maxLength: 3 }), { maxKeys: 4 }),
        fc.dictionary(text, fc.array(text, { maxLength: 2 }), { maxKeys: 3 }),
        async (path, headers, query) => {
          const event = fixture('alb-multi');
          Object.assign(event, {
            path: `/${path}`,
            multiValueHeaders: { host: ['example.com'], ...headers },
            multiValueQueryStringParameters: query,
          });
          await expectAnswered(event, 'alb');
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The fields of each kind of event a malformed event may get wrong (those that tell the kinds apart stay valid). */
const fields: Record<string, { kind: 'v1' | 'v2' | 'alb'; paths: string[][] }> = {
  'apigw-v1': {
    kind: 'v1',
    paths: [
      ['headers'],
      ['headers', 'Host'],
      ['headers', 'Accept'],
      ['multiValueHeaders'],
      ['multiValueHeaders', 'X-Custom'],
      ['multiValueHeaders', 'Accept'],
      ['queryStringParameters'],
      ['queryStringParameters', 'q'],
      ['multiValueQueryStringParameters'],
      ['multiValueQueryStringParameters', 'tag'],
      ['path'],
      ['body'],
      ['isBase64Encoded'],
      ['version'],
      ['requestContext'],
      ['requestContext', 'stage'],
      ['requestContext', 'domainName'],
    ],
  },
  'apigw-v1-binary-upload': { kind: 'v1', paths: [['body'], ['isBase64Encoded'], ['multiValueHeaders', 'content-type'], ['path']] },
  'apigw-v2': {
    kind: 'v2',
    paths: [
      ['headers'],
      ['headers', 'accept'],
      ['headers', 'host'],
      ['cookies'],
      ['rawPath'],
      ['rawQueryString'],
      ['body'],
      ['isBase64Encoded'],
      ['requestContext', 'domainName'],
      ['requestContext', 'stage'],
    ],
  },
  'function-url': { kind: 'v2', paths: [['headers'], ['rawPath'], ['rawQueryString'], ['cookies'], ['requestContext', 'domainName']] },
  'alb-multi': {
    kind: 'alb',
    paths: [
      ['httpMethod'],
      ['path'],
      ['multiValueHeaders'],
      ['multiValueHeaders', 'host'],
      ['multiValueHeaders', 'x-custom'],
      ['headers'],
      ['multiValueQueryStringParameters'],
      ['multiValueQueryStringParameters', 'q'],
      ['queryStringParameters'],
      ['body'],
      ['isBase64Encoded'],
    ],
  },
  'alb-single': {
    kind: 'alb',
    paths: [
      ['httpMethod'],
      ['path'],
      ['headers'],
      ['headers', 'host'],
      ['headers', 'accept'],
      ['queryStringParameters'],
      ['queryStringParameters', 'q'],
      ['body'],
    ],
  },
};

function setField(event: any, path: string[], value: unknown): void {
  let target = event;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
    target = target[key];
  }
  target[path[path.length - 1]] = value;
}

describe('lambda(): events with fields of the wrong type are answered, never crash or leak JavaScript errors', () => {
  it('any field of any kind of HTTP event set to any value gives a well-formed 2xx-4xx result', async () => {
    const names = Object.keys(fields);
    const change = fc
      .constantFrom(...names)
      .chain((name) =>
        fc.tuple(
          fc.constant(name),
          fc.array(fc.tuple(fc.constantFrom(...fields[name].paths), anyValue), { minLength: 1, maxLength: 3 }),
          fc.boolean(),
        ),
      );
    await fc.assert(
      fc.asyncProperty(change, async ([name, changes, withOptions]) => {
        const event = fixture(name);
        for (const [path, value] of changes) setField(event, path, value);
        await expectAnswered(event, fields[name].kind, withOptions ? staged : handler);
      }),
      { numRuns: 1500 },
    );
  });

  it('an event that is not an object is not an HTTP event: the invocation fails with UnhandledEventError naming what came in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.double(),
          fc.boolean(),
          fc.constant(null),
          fc.constant(undefined),
          fc.array(fc.jsonValue(), { maxLength: 3 }),
        ),
        async (event) => {
          const failure = await handler(event, context).then(
            () => null,
            (error: unknown) => error,
          );
          expect(failure).toBeInstanceOf(UnhandledEventError);
          expect((failure as Error).message).toMatch(
            /^fw\/lambda cannot handle an? (string|number|boolean|null|undefined|object with keys)\b/,
          );
          expect((failure as Error).message).not.toMatch(jsErrorText);
        },
      ),
      { numRuns: 200 },
    );
  });
});
