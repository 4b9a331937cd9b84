/** The handler as Lambda calls it: an API Gateway HTTP API (payload 2.0) event in, a result object out. */
import type { LambdaContext } from 'fw/lambda';
import { expect, it } from 'vitest';
import { handler } from '../src/index.js';

const context = { awsRequestId: 'local', functionName: '{{name}}', getRemainingTimeInMillis: () => 3000 } as LambdaContext;

function httpApiEvent(method: string, path: string, query = '') {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: query,
    headers: { host: 'example.execute-api.us-east-1.amazonaws.com', 'x-forwarded-proto': 'https' },
    requestContext: {
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '192.0.2.1', userAgent: 'vitest' },
      requestId: 'local',
      routeKey: '$default',
      stage: '$default',
    },
    isBase64Encoded: false,
  };
}

it('answers an HTTP API event', async () => {
  const result = (await handler(httpApiEvent('GET', '/hello/Ada', 'lang=fr'), context)) as { statusCode: number; body: string };
  expect(result.statusCode).toBe(200);
  expect(JSON.parse(result.body)).toEqual({ message: 'Bonjour, Ada!' });
});
