import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { lambda } from 'fw/lambda';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture, jsErrorText } from './fixtures';

const context = lambdaContext();
const app = new Fw();
app.all('/*', () => 'ok');
const handler = lambda(app);

type Case = [what: string, fixtureName: string, change: (event: any) => void, message: string];

const cases: Case[] = [
  [
    'a multiValueHeaders entry that is not an array',
    'apigw-v1',
    (e) => {
      e.multiValueHeaders = { x: 'not-an-array' };
    },
    'The event\'s multiValueHeaders["x"] must be an array of strings, not a string',
  ],
  [
    'a multiValueHeaders entry holding a number',
    'alb-multi',
    (e) => {
      e.multiValueHeaders.x = ['1', 2];
    },
    'The event\'s multiValueHeaders["x"][1] must be a string, not a number',
  ],
  [
    'headers that are not an object',
    'apigw-v1',
    (e) => {
      e.headers = 'host: a';
    },
    "The event's headers must be an object, not a string",
  ],
  [
    'a header value that is an object',
    'apigw-v2',
    (e) => {
      e.headers.accept = { a: 1 };
    },
    'The event\'s headers["accept"] must be a string, not an object',
  ],
  [
    'multiValueQueryStringParameters that is an array',
    'apigw-v1',
    (e) => {
      e.multiValueQueryStringParameters = ['q'];
    },
    "The event's multiValueQueryStringParameters must be an object, not an array",
  ],
  [
    'a queryStringParameters value that is a number',
    'alb-single',
    (e) => {
      e.queryStringParameters.q = 5;
    },
    'The event\'s queryStringParameters["q"] must be a string, not a number',
  ],
  [
    'cookies that are not an array',
    'apigw-v2',
    (e) => {
      e.cookies = 'a=1';
    },
    "The event's cookies must be an array of strings, not a string",
  ],
  [
    'a rawPath that is not a string',
    'function-url',
    (e) => {
      e.rawPath = 42;
    },
    "The event's rawPath must be a string, not a number",
  ],
  [
    'a path that is an object',
    'alb-single',
    (e) => {
      e.path = { p: '/' };
    },
    "The event's path must be a string, not an object",
  ],
  [
    'a rawQueryString that is a boolean',
    'apigw-v2',
    (e) => {
      e.rawQueryString = true;
    },
    "The event's rawQueryString must be a string, not a boolean",
  ],
  [
    'a requestContext that is a string',
    'apigw-v1',
    (e) => {
      e.requestContext = 'ctx';
    },
    "The event's requestContext must be an object, not a string",
  ],
  [
    'a domainName that is a number',
    'apigw-v2',
    (e) => {
      e.requestContext.domainName = 7;
    },
    "The event's requestContext.domainName must be a string, not a number",
  ],
  [
    'a host that would change the path',
    'alb-single',
    (e) => {
      e.headers.host = 'evil.example/admin?';
    },
    'The request host "evil.example/admin?" is not a valid host name',
  ],
  [
    'an ALB event without a method',
    'alb-single',
    (e) => {
      delete e.httpMethod;
    },
    'The event has no HTTP method (httpMethod or requestContext.http.method must be a string)',
  ],
  [
    'an isBase64Encoded that is not a boolean',
    'apigw-v1-binary-upload',
    (e) => {
      e.isBase64Encoded = 'yes';
    },
    "The event's isBase64Encoded must be true or false, not a string",
  ],
  [
    'a body that is a number',
    'apigw-v2',
    (e) => {
      e.body = 12;
    },
    'The event body must be a string',
  ],
  [
    'a base64 body of characters that are not base64',
    'apigw-v1-binary-upload',
    (e) => {
      e.body = 'not base64!';
    },
    'The event body is marked isBase64Encoded but is not valid base64',
  ],
  [
    'a base64 body whose length cannot be whole bytes',
    'apigw-v1-binary-upload',
    (e) => {
      e.body = 'QUJDR';
    },
    'The event body is marked isBase64Encoded but is not valid base64',
  ],
  [
    'a base64 body with misplaced padding',
    'apigw-v1-binary-upload',
    (e) => {
      e.body = 'QU=';
    },
    'The event body is marked isBase64Encoded but is not valid base64',
  ],
];

describe('lambda(): a malformed HTTP event is a 400 that says what in the event is wrong', () => {
  it.each(cases)('%s', async (_what, name, change, message) => {
    const event = fixture(name);
    change(event);
    const result = (await handler(event, context)) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(400);
    const body = JSON.parse(result.body);
    expect(body).toEqual({ error: message, code: 'INVALID_REQUEST' });
    expect(body.error).not.toMatch(jsErrorText);
  });

  it('answers in JSON when the Accept header itself is malformed, instead of throwing', async () => {
    const event = fixture('apigw-v1');
    delete event.multiValueHeaders;
    event.headers = { Accept: 5 };
    const result = (await handler(event, context)) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body).error).toBe('The event\'s headers["Accept"] must be a string, not a number');
  });

  it('still decodes padded and unpadded base64 bodies', async () => {
    const echo = new Fw();
    echo.post('/*', async (ctx) => ctx.bodyText());
    for (const body of ['QUJD', 'QUI=', 'QUI', 'QQ==', 'QQ']) {
      const event = fixture('apigw-v1-binary-upload');
      event.body = body;
      expect(await lambda(echo)(event, context)).toMatchObject({ statusCode: 200, body: Buffer.from(body, 'base64').toString() });
    }
  });
});
