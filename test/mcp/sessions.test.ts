/** Optional HTTP sessions: signed self-contained ids and KV-backed ones, across instances, with GET streams. */
import { afterEach, describe, expect, it } from 'vitest';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { MemoryKV } from '../../src/kv';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { appWith, connectHTTP, initialize, listen, post } from './helpers';

const secret = 'a-long-enough-test-secret';
const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

describe('signed sessions', () => {
  it('issues an id at initialize that a second instance (a cold start) accepts', async () => {
    const first = await appWith(demoServer(), { sessions: { secret } });
    const second = await appWith(demoServer(), { sessions: { secret } });
    const init = await post(first, initialize('2025-06-18', { sampling: {} }));
    const id = init.headers.get('mcp-session-id')!;
    expect(id).toMatch(/^[\x21-\x7e]+$/);
    const answered = await post(second, ping, { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' });
    expect(answered.json).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(answered.headers.get('mcp-session-id')).toBe(id);
  });

  it('answers 400 without an id, 404 for a forged or foreign id, 405 to DELETE', async () => {
    const app = await appWith(demoServer(), { sessions: { secret } });
    const other = await appWith(demoServer(), { sessions: { secret: 'another-secret-of-16+' } });
    const id = (await post(other, initialize())).headers.get('mcp-session-id')!;
    expect((await post(app, ping)).status).toBe(400);
    expect((await post(app, ping, { 'mcp-session-id': id })).status).toBe(404);
    const [body, sig] = id.split('.');
    expect((await post(app, ping, { 'mcp-session-id': `${body}x.${sig}` })).status).toBe(404);
    expect((await post(app, ping, { 'mcp-session-id': 'garbage' })).status).toBe(404);
    const own = (await post(app, initialize())).headers.get('mcp-session-id')!;
    expect((await app.request('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': own } })).status).toBe(405);
  });

  it('accepts only the canonical spelling of an id (the unused bits of the last character cannot make new ids)', async () => {
    const app = await appWith(demoServer(), { sessions: { secret } });
    const id = (await post(app, initialize())).headers.get('mcp-session-id')!;
    const [body, sig] = id.split('.');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const variants = (text: string): string[] => {
      if (text.length % 4 === 0) return [];
      const last = alphabet.indexOf(text[text.length - 1]);
      const spare = text.length % 4 === 2 ? 0b1111 : 0b11;
      return [1, 2, 3]
        .map((bits) => (last & ~spare) | (bits & spare))
        .filter((n) => n !== last)
        .map((n) => text.slice(0, -1) + alphabet[n]);
    };
    const forged = [...variants(sig).map((v) => `${body}.${v}`), ...variants(body).map((v) => `${v}.${sig}`)];
    expect(forged.length).toBeGreaterThan(0);
    for (const other of forged)
      expect((await post(app, ping, { 'mcp-session-id': other, 'mcp-protocol-version': '2025-06-18' })).status).toBe(404);
    expect((await post(app, ping, { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' })).status).toBe(200);
  });

  it('refuses sessions without a secret or store, and short secrets', () => {
    expect(() => demoServer().startHTTP({ sessions: {} })).toThrow(/secret.*store/);
    expect(() => demoServer().startHTTP({ sessions: { secret: 'short' } })).toThrow(/16/);
  });

  it('enforces declared client capabilities: sampling fails at once for a client without it', async () => {
    const app = await appWith(demoServer(), { sessions: { secret } });
    const id = (await post(app, initialize('2025-06-18', {}))).headers.get('mcp-session-id')!;
    const { json } = await post(
      app,
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'ask_model', arguments: { question: 'q' } } },
      { 'mcp-session-id': id },
    );
    expect(json.error.code).toBe(-32000);
    expect(json.error.message).toContain('did not declare the "sampling" capability');
  });
});

describe('KV sessions', () => {
  it('share state through the store across instances and end with DELETE', async () => {
    const store = new MemoryKV();
    const first = await appWith(demoServer(), { sessions: { store } });
    const second = await appWith(demoServer(), { sessions: { store } });
    const id = (await post(first, initialize())).headers.get('mcp-session-id')!;
    expect(await store.get(`mcp:session:${id}`)).not.toBeNull();
    expect(
      (await post(first, { jsonrpc: '2.0', id: 3, method: 'logging/setLevel', params: { level: 'error' } }, { 'mcp-session-id': id })).json
        .result,
    ).toEqual({});
    expect(JSON.parse((await store.get(`mcp:session:${id}`))!).l).toBe('error');
    expect((await post(second, ping, { 'mcp-session-id': id })).status).toBe(200);
    expect((await second.request('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': id } })).status).toBe(204);
    expect((await post(first, ping, { 'mcp-session-id': id })).status).toBe(404);
  });

  it('keep the SDK client working end to end with a GET stream that carries server broadcasts', async () => {
    const server = demoServer();
    const http = await listen(await appWith(server, { sessions: { store: new MemoryKV() } }));
    stops.push(() => http.stop());
    const client = await connectHTTP(`${http.url}/mcp`);
    stops.push(() => client.close());
    const transport = client.transport as StreamableHTTPClientTransport;
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const heard = new Promise<unknown>((resolve) =>
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => resolve(n.params)),
    );
    await client.setLoggingLevel('info');
    for (let i = 0; i < 50 && server.log('warning', 'disk almost full', 'ops') === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await heard).toEqual({ level: 'warning', data: 'disk almost full', logger: 'ops' });
    expect(server.log('debug', 'too quiet to send')).toBe(0);
    expect((await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).content).toEqual([{ type: 'text', text: 'hi' }]);
    const ended = transport.sessionId!;
    await transport.terminateSession();
    const after = await fetch(`${http.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-session-id': ended },
      body: JSON.stringify(ping),
    });
    expect(after.status).toBe(404);
  });
});
