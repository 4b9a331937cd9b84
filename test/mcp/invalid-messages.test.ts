/**
 * A POST whose messages are not valid JSON-RPC 2.0 gets HTTP 400 with -32600 (Invalid Request) errors, not 200:
 * the Streamable HTTP transport answers input it cannot accept with an HTTP error status. Parse errors stay 400 with
 * -32700. A batch whose messages are all invalid is 400 with one error per message; a batch mixing valid and invalid
 * messages is 200 with each one's answer (JSON-RPC 2.0 batch semantics). Same on legacy SSE POSTs, on fw/node and
 * behind fw/lambda.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fw } from 'fw';
import type { NodeServer } from 'fw/node';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { appWith, listen, post } from './helpers';
import { lambdaInstance, v2Event } from './lambda-events';
import { legacySSE } from 'fw-mcp/legacy-sse';

/** Each invalid message, with the id its error carries and what the reason says. */
const invalid: [string, unknown, string | number | null, string][] = [
  ['null', null, null, 'must be an object'],
  ['a number', 42, null, 'must be an object'],
  ['a string', 'hello', null, 'must be an object'],
  ['a boolean', true, null, 'must be an object'],
  ['no jsonrpc', { id: 1, method: 'ping' }, 1, '"jsonrpc" member must be "2.0"'],
  ['a wrong jsonrpc', { jsonrpc: '1.0', id: 2, method: 'ping' }, 2, '"jsonrpc" member must be "2.0"'],
  ['an object id', { jsonrpc: '2.0', id: { x: 1 }, method: 'ping' }, null, '"id" member must be a string or a number'],
  ['a boolean id', { jsonrpc: '2.0', id: true, method: 'ping' }, null, '"id" member must be a string or a number'],
  ['no method', { jsonrpc: '2.0', id: 3 }, 3, 'Not a request, a notification or a response'],
  ['a non-string method', { jsonrpc: '2.0', id: 4, method: 7 }, 4, '"method" member must be a non-empty string'],
  ['array params', { jsonrpc: '2.0', id: 5, method: 'ping', params: [1] }, 5, '"params" member must be an object'],
];

const legacyBatch = { accept: 'application/json', 'mcp-protocol-version': '2025-03-26' };

function expectInvalid(answer: any, id: string | number | null, reason: string): void {
  expect(answer).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32600 } });
  expect(answer.error.message).toContain(reason);
}

describe('streamable HTTP in process', () => {
  let app: Fw;
  beforeAll(async () => {
    app = await appWith(demoServer(), { legacySSE });
  });

  it.each(invalid)('%s: HTTP 400 with -32600', async (_, message, id, reason) => {
    const answer = await post(app, JSON.stringify(message), { accept: 'application/json' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expectInvalid(answer.json, id, reason);
  });

  it('a body that is not JSON stays HTTP 400 with -32700', async () => {
    const answer = await post(app, '{"jsonrpc":"2.0",', { accept: 'application/json' });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ id: null, error: { code: -32700 } });
  });

  it('a batch of invalid messages only (an array of non-objects) is HTTP 400 with one error per message', async () => {
    const answer = await post(app, [1, 'two', null], legacyBatch);
    expect(answer.status).toBe(400);
    expect(answer.json).toHaveLength(3);
    for (const error of answer.json) expectInvalid(error, null, 'must be an object');
    const objects = await post(
      app,
      [
        { id: 1, method: 'ping' },
        { jsonrpc: '2.0', id: 2 },
      ],
      legacyBatch,
    );
    expect(objects.status).toBe(400);
    expectInvalid(objects.json[0], 1, '"jsonrpc" member');
    expectInvalid(objects.json[1], 2, 'Not a request');
  });

  it('a batch mixing valid and invalid messages is 200 with each answer in place', async () => {
    const answer = await post(app, [{ jsonrpc: '2.0', id: 1, method: 'ping' }, null, { jsonrpc: '2.0', id: 3 }], legacyBatch);
    expect(answer.status).toBe(200);
    expect(answer.json[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expectInvalid(answer.json[1], null, 'must be an object');
    expectInvalid(answer.json[2], 3, 'Not a request');
  });

  it('valid messages keep their statuses: a request 200, a notification and a response 202', async () => {
    expect((await post(app, { jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'application/json' })).status).toBe(200);
    expect((await post(app, { jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
    expect((await post(app, { jsonrpc: '2.0', id: 'x', result: {} })).status).toBe(202);
  });

  it('with sessions on, an invalid message is 400 before any session lookup', async () => {
    const sessions = await appWith(demoServer(), { sessions: { secret: 'a-secret-of-thirty-two-characters!' } });
    const answer = await post(sessions, JSON.stringify(null), { accept: 'application/json' });
    expect(answer.status).toBe(400);
    expectInvalid(answer.json, null, 'must be an object');
  });

  it('2026-07-28 (by header): an invalid message is 400 too', async () => {
    const answer = await post(app, { jsonrpc: '2.0', id: 9 }, { 'mcp-protocol-version': '2026-07-28', accept: 'application/json' });
    expect(answer.status).toBe(400);
    expectInvalid(answer.json, 9, 'Not a request');
  });

  it('legacy SSE POSTs answer an invalid message with 400 in the POST, not on the stream', async () => {
    const stream = await app.request('/mcp/sse', { headers: { accept: 'text/event-stream' } });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('sessionId=')) text += (await reader.read()).value ?? '';
    const endpoint = /data: (\S+)/.exec(text)![1];
    const bad = await post(app, JSON.stringify(null), {}, endpoint);
    expect(bad.status).toBe(400);
    expectInvalid(bad.json, null, 'must be an object');
    expect((await post(app, { jsonrpc: '2.0', id: 1, method: 'ping' }, {}, endpoint)).status).toBe(202);
    await reader.cancel();
  });
});

describe('on fw/node (real sockets) and behind fw/lambda', () => {
  let server: NodeServer;
  beforeAll(async () => {
    server = await listen(await appWith(demoServer()));
  });
  afterAll(() => server.stop());

  it('fw/node: 400 with -32600 for each invalid message', async () => {
    for (const [, message, id, reason] of invalid) {
      const answer = await fetch(`http://127.0.0.1:${server.port}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(message),
      });
      expect(answer.status).toBe(400);
      expectInvalid(await answer.json(), id, reason);
    }
  });

  it('fw/lambda: 400 with -32600 for each invalid message', async () => {
    const invoke = lambdaInstance(await appWith(demoServer()));
    for (const [, message, id, reason] of invalid) {
      const answer = await invoke(v2Event({ body: JSON.stringify(message), headers: { accept: 'application/json' } }));
      expect(answer.statusCode).toBe(400);
      expectInvalid(JSON.parse(answer.body), id, reason);
    }
  });
});
