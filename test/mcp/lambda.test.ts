/** fw-mcp behind the fw/lambda handler: API Gateway v2 events, stateless across cold starts, auth on every call. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lambda } from 'fw/lambda';
import { lambdaContext } from '../fixtures/lambda/context';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { appWith } from './helpers';
import { legacySSE } from 'fw-mcp/legacy-sse';

const template = JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/lambda/apigw-v2.json', import.meta.url)), 'utf8'));

function event(body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  return {
    ...template,
    rawPath: '/mcp',
    rawQueryString: '',
    cookies: [],
    queryStringParameters: {},
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      host: template.headers.host,
      'content-length': String(text.length),
      ...headers,
    },
    requestContext: { ...template.requestContext, http: { ...template.requestContext.http, method: 'POST', path: '/mcp' } },
    body: text,
  };
}

const callAdd = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'add', arguments: { a: 4, b: 5 } } };

describe('fw-mcp on Lambda (fw/lambda)', () => {
  it('answers tools/call on a cold instance that never saw initialize', async () => {
    const handler = lambda(await appWith(demoServer()));
    const result = (await handler(event(callAdd), lambdaContext())) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('application/json');
    expect(JSON.parse(result.body)).toEqual({
      jsonrpc: '2.0',
      id: 9,
      result: { content: [{ type: 'text', text: '{"sum":9}' }], structuredContent: { sum: 9 } },
    });
  });

  it('refuses a missing token with 401 and WWW-Authenticate, and answers with it', async () => {
    const handler = lambda(await appWith(demoServer(), { authToken: 'lambda-token' }));
    const refused = (await handler(event(callAdd), lambdaContext())) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="mcp"');
    expect(JSON.parse(refused.body).error.code).toBe(-32001);
    const allowed = (await handler(event(callAdd, { authorization: 'Bearer lambda-token' }), lambdaContext())) as { statusCode: number };
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses the legacy SSE stream at once (405) instead of hanging the function', async () => {
    const handler = lambda(await appWith(demoServer(), { legacySSE }));
    const get = {
      ...event(''),
      rawPath: '/mcp/sse',
      body: undefined,
      headers: { accept: 'text/event-stream', host: template.headers.host },
    };
    get.requestContext = { ...get.requestContext, http: { ...get.requestContext.http, method: 'GET', path: '/mcp/sse' } };
    const result = (await handler(get, lambdaContext())) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(405);
    expect(JSON.parse(result.body).error.message).toContain('use streamable HTTP');
  });

  it('answers a request whose handler logs with a complete SSE body (progress, then the answer)', async () => {
    const handler = lambda(await appWith(demoServer()));
    const body = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'count', arguments: { steps: 2 }, _meta: { progressToken: 'p' } },
    };
    const result = (await handler(event(body), lambdaContext())) as { statusCode: number; headers: Record<string, string>; body: string };
    expect(result.headers['content-type']).toBe('text/event-stream');
    const messages = result.body
      .split('\n\n')
      .filter((f: string) => f.startsWith('data: '))
      .map((f: string) => JSON.parse(f.slice(6)));
    expect(messages.filter((m: { method?: string }) => m.method === 'notifications/progress')).toHaveLength(2);
    expect(messages.at(-1)).toEqual({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'counted to 2' }] } });
  });
});
