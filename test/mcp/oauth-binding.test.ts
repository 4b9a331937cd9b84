/**
 * Issue #21, with OAuth on, what a client creates belongs to the token's subject (issuer, `sub`, client id): a
 * session (2025 era), a task (tasks/get, tasks/result, tasks/cancel, tasks/list), a resumable stream and a legacy
 * SSE stream can never be used under another subject's valid token, and the answer is the one an unknown id gets (no
 * leak of existence). Long-lived streams (the session's GET stream, legacy SSE, 2026-07-28 subscriptions/listen) end
 * when the token that opened them expires. Against oidc-provider on 127.0.0.1 (test/mcp/oauth-server.ts): `agent`,
 * `reader` and `short` are three clients, so three subjects; `short`'s tokens live 2 seconds.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { Fw, MemoryKV } from 'fw';
import { serve as nodeServe } from 'fw/node';
import { createMCPPlugin, createMCPServer, oauth, type MCPHTTPOptions } from 'fw-mcp';
import { tasksExtension } from 'fw-mcp/tasks';
import { freePort } from '../targets/worker/helpers';
import { startAuthServer, type AuthServer } from './oauth-server';
import { FrameReader } from './sse-frames';
import { messages, rawPost } from './wire';
import { legacySSE } from 'fw-mcp/legacy-sse';

let as: AuthServer;
beforeAll(async () => {
  as = await startAuthServer();
});
afterAll(async () => {
  await as?.stop();
});
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** An OAuth-protected MCP server on fw/node with a task tool, a tool that tells who called, and `http` options (sessions). */
async function serve(http: MCPHTTPOptions = {}): Promise<{ url: string; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = createMCPServer(null, {
    name: 'binding',
    builtinTools: false,
    builtinPrompts: false,
    tasks: { store: new MemoryKV(), pollIntervalMs: 20 },
    extensions: [tasksExtension],
    subscriptions: { pollIntervalMs: 20 },
  });
  server
    .addTool<{ ms?: number }>({
      name: 'slow',
      description: 'Answers after a while',
      execution: { taskSupport: 'optional' },
      inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } },
      handler: async ({ ms = 300 }, ctx) => {
        ctx.notifyProgress(0, 1, 'started');
        await pause(ms, ctx.signal);
        return 'done';
      },
    })
    .addTool({ name: 'whoami', description: 'Who called', handler: (_args, ctx) => ({ subject: ctx.auth?.subject }) });
  const app = new Fw();
  await app.plugin(
    createMCPPlugin(server, { legacySSE, ...http, oauth: oauth({ authorizationServers: [as.issuer], resource: `${base}/mcp` }) }),
  );
  const running = await nodeServe(app, { port, hostname: '127.0.0.1' });
  stops.push(() => running.stop());
  return { url: `${base}/mcp`, base };
}

let nextId = 1;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POSTs one JSON-RPC request with a token (and a session id), answered as JSON. */
async function call(
  url: string,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const response = await rawPost(
    url,
    { jsonrpc: '2.0', id: nextId++, method, params },
    {
      ...bearer(token),
      accept: 'application/json',
      ...headers,
    },
  );
  const text = await response.text();
  return { status: response.status, session: response.headers.get('mcp-session-id'), body: text === '' ? undefined : JSON.parse(text) };
}

/** Opens a 2025-11-25 session as the token's subject; returns its id. */
async function initialize(url: string, token: string): Promise<string> {
  const init = await call(url, token, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'binding-test', version: '1.0.0' },
  });
  expect(init.status).toBe(200);
  const session = init.session!;
  const done = await rawPost(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { ...bearer(token), 'mcp-session-id': session });
  expect(done.status).toBe(202);
  return session;
}

/** The data of each event of a legacy SSE stream (the endpoint, then JSON-RPC messages); null once the stream ends. */
function legacyEvents(response: Response): { next(): Promise<string | null> } {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6));
          if (data.length > 0) return data.join('\n');
          continue;
        }
        const { done, value } = await reader.read();
        if (done) return null;
        buffer += value;
      }
    },
  };
}

/** The answer with the request id left out, to compare a refusal with the one an unknown id gets. */
function withoutId(body: { id?: unknown }): unknown {
  const { id: _id, ...rest } = body;
  return rest;
}

describe('sessions belong to the subject that opened them', () => {
  for (const [kind, http] of [
    ['signed session ids', { sessions: { secret: 'a-secret-of-at-least-16-chars' } }],
    ['sessions in a KV store', { sessions: { store: new MemoryKV() } }],
  ] as const) {
    it(`${kind}: another subject's valid token gets the 404 of an unknown session on POST, GET and DELETE; the owner's next token keeps it`, async () => {
      const { url } = await serve(http);
      const [agent, reader] = await Promise.all([as.token('agent', url), as.token('reader', url)]);
      const session = await initialize(url, agent);
      const mine = await call(url, agent, 'tools/call', { name: 'whoami', arguments: {} }, { 'mcp-session-id': session });
      expect(mine.body.result.structuredContent).toEqual({ subject: 'agent' });

      const unknown = await call(url, reader, 'tools/list', {}, { 'mcp-session-id': `${session.slice(0, -4)}AAAA` });
      expect(unknown.status).toBe(404);
      const stolen = await call(url, reader, 'tools/list', {}, { 'mcp-session-id': session });
      expect(stolen.status).toBe(404);
      expect(withoutId(stolen.body)).toEqual(withoutId(unknown.body));
      expect(stolen.body.error).toEqual({ code: -32600, message: 'Session not found or expired: initialize a new session' });

      for (const method of ['GET', 'DELETE']) {
        const response = await fetch(url, {
          method,
          headers: { ...bearer(reader), 'mcp-session-id': session, accept: 'text/event-stream', 'mcp-protocol-version': '2025-11-25' },
        });
        expect(response.status, method).toBe(404);
        expect((await response.json()).error.message).toBe('Session not found or expired: initialize a new session');
      }
      // A new token of the same subject and client (a refresh) keeps the session, which the refused DELETE did not end.
      const renewed = await as.token('agent', url);
      expect(renewed).not.toBe(agent);
      const again = await call(url, renewed, 'tools/call', { name: 'whoami', arguments: {} }, { 'mcp-session-id': session });
      expect(again.status).toBe(200);
      expect(again.body.result.structuredContent).toEqual({ subject: 'agent' });
    });
  }

  it("a resumable stream cannot be replayed under another subject: Last-Event-ID of the owner's stream is a 404 for them, a replay for the owner", async () => {
    const { url } = await serve({ sessions: { secret: 'a-secret-of-at-least-16-chars' } });
    const [agent, reader] = await Promise.all([as.token('agent', url), as.token('reader', url)]);
    const session = await initialize(url, agent);
    const response = await rawPost(
      url,
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow', arguments: { ms: 50 }, _meta: { progressToken: 'p' } } },
      { ...bearer(agent), 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
    );
    const frames = await new FrameReader(response).rest();
    const first = frames.find((frame) => frame.message?.method === 'notifications/progress')!;
    expect(first.id).toMatch(/\.\d+$/);
    const resume = (token: string) =>
      fetch(url, {
        headers: {
          ...bearer(token),
          'mcp-session-id': session,
          'last-event-id': first.id!,
          accept: 'text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
      });
    const refused = await resume(reader);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.message).toBe('Session not found or expired: initialize a new session');
    const replayed = await resume(agent);
    expect(replayed.status).toBe(200);
    const rest = await new FrameReader(replayed).rest();
    expect(rest.map((frame) => frame.message).find((message) => message?.id === 7)?.result.content).toEqual([
      { type: 'text', text: 'done' },
    ]);
  });
});

describe('tasks belong to the subject that created them', () => {
  for (const [kind, http] of [
    ['without sessions', {}],
    ['with sessions', { sessions: { secret: 'a-secret-of-at-least-16-chars' } }],
  ] as const) {
    it(`${kind}: tasks/get, tasks/result and tasks/cancel under another subject answer as for an unknown task; the owner's work`, async () => {
      const { url } = await serve(http);
      const [agent, reader] = await Promise.all([as.token('agent', url), as.token('reader', url)]);
      const agentHeaders: Record<string, string> = 'sessions' in http ? { 'mcp-session-id': await initialize(url, agent) } : {};
      const readerHeaders: Record<string, string> = 'sessions' in http ? { 'mcp-session-id': await initialize(url, reader) } : {};
      const created = await call(url, agent, 'tools/call', { name: 'slow', arguments: { ms: 400 }, task: {} }, agentHeaders);
      const taskId: string = created.body.result.task.taskId;
      expect(created.body.result.task.status).toBe('working');
      const unknownId = crypto.randomUUID();

      for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
        const foreign = await call(url, reader, method, { taskId }, readerHeaders);
        const unknown = await call(url, reader, method, { taskId: unknownId }, readerHeaders);
        expect(foreign.status, method).toBe(200);
        expect(foreign.body.error.code, method).toBe(-32602);
        expect(foreign.body.error.message.replace(taskId, '<id>'), method).toBe(unknown.body.error.message.replace(unknownId, '<id>'));
        expect(JSON.stringify(foreign.body.error.data ?? null).replace(taskId, '<id>')).toBe(
          JSON.stringify(unknown.body.error.data ?? null).replace(unknownId, '<id>'),
        );
      }
      const listed = await call(url, reader, 'tasks/list', {}, readerHeaders);
      expect(listed.body.result.tasks).toEqual([]);
      const ownList = await call(url, agent, 'tasks/list', {}, agentHeaders);
      expect(ownList.body.result.tasks.map((task: { taskId: string }) => task.taskId)).toEqual([taskId]);

      // The refused cancel did not stop it: the owner gets its result.
      const result = await call(url, agent, 'tasks/result', { taskId }, agentHeaders);
      expect(result.body.result.content).toEqual([{ type: 'text', text: 'done' }]);
      const state = await call(url, agent, 'tasks/get', { taskId }, agentHeaders);
      expect(state.body.result.status).toBe('completed');
    });
  }
});

describe('the legacy HTTP+SSE transport', () => {
  it("a stream's POST endpoint refuses another subject (404 as for a closed stream); the stream ends when its token expires", async () => {
    const { base, url } = await serve();
    const [short, reader] = await Promise.all([as.token('short', url), as.token('reader', url)]);
    const opened = Date.now();
    const response = await fetch(`${base}/mcp/sse`, { headers: { ...bearer(short), accept: 'text/event-stream' } });
    expect(response.status).toBe(200);
    const stream = legacyEvents(response);
    const endpoint = await stream.next();
    const post = (token: string) =>
      fetch(`${base}${endpoint}`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const refused = await post(reader);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.message).toMatch(
      /^Session not found: [0-9a-f-]{36} \(the SSE stream is closed or lives on another instance\)$/,
    );
    expect((await post(short)).status).toBe(202);
    const answered = JSON.parse((await stream.next())!);
    expect(answered.result.tools.map((tool: { name: string }) => tool.name)).toEqual(['slow', 'whoami']);
    expect(await stream.next()).toBeNull();
    const exp = decodeJwt(short).exp! * 1000;
    expect(Date.now()).toBeGreaterThanOrEqual(exp - 50);
    expect(Date.now() - opened).toBeLessThan(5000);
    expect(Date.now()).toBeLessThan(exp + 1500);
  });
});

describe('long-lived streams end when the token that opened them expires', () => {
  for (const resumable of [false, true]) {
    it(`a session's GET stream (${resumable ? 'resumable' : 'not resumable'}) closes at the token's exp (the client reconnects with a fresh token)`, async () => {
      const { url } = await serve({ sessions: { secret: 'a-secret-of-at-least-16-chars' }, resumability: resumable ? {} : false });
      const short = await as.token('short', url);
      const session = await initialize(url, short);
      const response = await fetch(url, {
        headers: { ...bearer(short), 'mcp-session-id': session, accept: 'text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      });
      expect(response.status).toBe(200);
      await new FrameReader(response).rest();
      const exp = decodeJwt(short).exp! * 1000;
      expect(Date.now()).toBeGreaterThanOrEqual(exp - 50);
      expect(Date.now()).toBeLessThan(exp + 1500);
    });
  }

  it('a 2026-07-28 subscriptions/listen stream ends gracefully at exp; one opened with a longer-lived token stays open', async () => {
    const { url } = await serve();
    const [short, agent] = await Promise.all([as.token('short', url), as.token('agent', url)]);
    const body = (id: string) => ({
      jsonrpc: '2.0',
      id,
      method: 'subscriptions/listen',
      params: {
        notifications: { toolsListChanged: true },
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    });
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'subscriptions/listen' };
    const stop = new AbortController();
    const long = messages(await rawPost(url, body('long'), { ...headers, ...bearer(agent) }, stop.signal));
    expect((await long.next()).method).toBe('notifications/subscriptions/acknowledged');
    const stream = messages(await rawPost(url, body('short'), { ...headers, ...bearer(short) }));
    expect((await stream.next()).method).toBe('notifications/subscriptions/acknowledged');
    expect(await stream.next()).toMatchObject({
      id: 'short',
      result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 'short' } },
    });
    expect(await stream.next()).toBeNull();
    const exp = decodeJwt(short).exp! * 1000;
    expect(Date.now()).toBeGreaterThanOrEqual(exp - 50);
    expect(Date.now()).toBeLessThan(exp + 1500);
    // The agent's stream (a 300 s token) is still open: it hears nothing more, and ends only when the client closes it.
    const pending = long.next();
    const winner = await Promise.race([pending.then(() => 'message'), pause(300).then(() => 'open')]);
    expect(winner).toBe('open');
    stop.abort();
    await pending.catch(() => null);
  });
});
