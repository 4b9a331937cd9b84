import { describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Fw } from 'fw';
import { createMCPServer, mcp, MCPServer, type ClientLink, type JSONRPCMessage } from 'fw-mcp';
import { newPeer } from '../../mcp/src/peer';

function recordingLink(): ClientLink & { sent: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  return {
    peer: newPeer('', '2025-06-18', null),
    canRequest: true,
    sent,
    send: (m) => {
      sent.push(m);
      return true;
    },
  };
}

describe('MCPServer members', () => {
  it('mcp() and createMCPServer() build the same server; app may be bound later', () => {
    const app = new Fw();
    const a = mcp(null, { pageSize: 10, allowMutation: true, docsDir: '/tmp/docs', runtime: { ssg: { paths: ['/'] } } });
    expect(a).toBeInstanceOf(MCPServer);
    expect(a.app).toBeNull();
    expect(a.bind(app).app).toBe(app);
    expect([a.pageSize, a.allowMutation, a.docsDirPath, a.runtimeBridge]).toEqual([10, true, '/tmp/docs', { ssg: { paths: ['/'] } }]);
    const b = createMCPServer(app);
    expect([b.app, b.pageSize, b.allowMutation, b.docsDirPath]).toEqual([app, 50, false, undefined]);
  });

  it('registers chainably and lists names; bad definitions fail at registration with a clear message', () => {
    const server = createMCPServer()
      .addTool({ name: 't1', description: 'one', handler: () => 'x' })
      .addWorkflow({ name: 'w1', description: 'says hi', steps: [{ type: 'log', message: 'hi' }] });
    expect(server.toolNames).toEqual(['t1']);
    expect(server.workflowNames).toEqual(['w1']);
    expect(server.workflow('w1')?.steps).toHaveLength(1);
    expect(() => server.addTool({ name: '', description: 'x', handler: () => 'one' })).toThrow(/non-empty string "name"/);
    expect(() => server.addTool({ name: 'n', description: 'x' } as never)).toThrow(/"handler" function/);
    expect(() => server.addTool({ name: 'n', description: 'x', inputSchema: { type: 'string' }, handler: () => 'one' })).toThrow(
      /type "object"/,
    );
    expect(() => server.addResource({ uri: 'a://b', name: 'b' })).toThrow(/"handler", "text" or "blob"/);
    expect(() => server.addPrompt({ name: 'p', arguments: 'x' as never, handler: () => '' })).toThrow(/arguments/);
    expect(() => server.addWorkflow({ name: 'w' } as never)).toThrow(/steps/);
  });

  it('tells connected clients when lists change', () => {
    const server = createMCPServer();
    const link = recordingLink();
    server.setClientLink(link);
    server.addTool({ name: 't', description: 'd', handler: () => 'one' }).addPrompt({ name: 'p', handler: () => 'x' });
    expect(link.sent.map((m) => (m as { method: string }).method)).toEqual([
      'notifications/tools/list_changed',
      'notifications/prompts/list_changed',
    ]);
  });

  it('sendNotification, log (level-filtered) and onNotification with unsubscribe', async () => {
    const server = createMCPServer();
    const link = recordingLink();
    server.setClientLink(link);
    expect(server.sendNotification('notifications/custom', { a: 1 })).toBe(1);
    await server.handle({ jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'warning' } }, link);
    expect(server.log('info', 'quiet')).toBe(0);
    expect(server.log('error', 'loud', 'db')).toBe(1);
    expect(link.sent.at(-1)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'error', data: 'loud', logger: 'db' },
    });
    expect(() => server.log('loud' as never, 'x')).toThrow(/log level/);
    const heard: string[] = [];
    const off = server.onNotification((n) => heard.push(n.method));
    await server.handle({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }, link);
    off();
    await server.handle({ jsonrpc: '2.0', method: 'notifications/initialized' }, link);
    expect(heard).toEqual(['notifications/roots/list_changed']);
  });

  it('notifyProgress reaches the request that carried the token, only while it runs, only increasing', async () => {
    let release!: () => void;
    const server = createMCPServer().addTool({
      name: 'slow',
      description: 'd',
      handler: () =>
        new Promise<string>((r) => {
          release = () => r('done');
        }),
    });
    const link = recordingLink();
    const running = server.handle(
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'slow', _meta: { progressToken: 'tok' } } },
      link,
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(server.notifyProgress('tok', 1, 10, 'started')).toBe(true);
    expect(server.notifyProgress('tok', 1, 10)).toBe(false);
    expect(server.notifyProgress('other', 1)).toBe(false);
    release();
    expect(await running).toEqual({ jsonrpc: '2.0', id: 5, result: { content: [{ type: 'text', text: 'done' }] } });
    expect(server.notifyProgress('tok', 2, 10)).toBe(false);
    expect(link.sent).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'tok', progress: 1, total: 10, message: 'started' } },
    ]);
  });

  it('tells subscribed clients when a resource changes, until they unsubscribe', async () => {
    const server = createMCPServer().addResource({ uri: 'app://status', name: 'status', text: 'ok' });
    const link = recordingLink();
    server.setClientLink(link);
    const unknown = await server.handle({ jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'app://nope' } }, link);
    expect(unknown).toMatchObject({ error: { code: -32002 } });
    expect(await server.handle({ jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: 'app://status' } }, link)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {},
    });
    expect(server.notifyResourceUpdated('app://status')).toBe(1);
    expect(link.sent.at(-1)).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'app://status' } });
    await server.handle({ jsonrpc: '2.0', id: 3, method: 'resources/unsubscribe', params: { uri: 'app://status' } }, link);
    expect(server.notifyResourceUpdated('app://status')).toBe(0);
  });

  it('a thrown RpcError stays a protocol error; other handler errors of prompts are -32603', async () => {
    const server = createMCPServer().addPrompt({
      name: 'broken',
      handler: () => {
        throw new Error('template exploded');
      },
    });
    const answer = await server.handle({ jsonrpc: '2.0', id: 1, method: 'prompts/get', params: { name: 'broken' } }, recordingLink());
    expect(answer).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error in prompts/get: template exploded' } });
  });

  it('times out a server-to-client request the client never answers, with a clear error', async () => {
    const server = createMCPServer(null, { requestTimeoutMs: 30 }).addTool({
      name: 'roots',
      description: 'd',
      handler: (_a, ctx) => ctx.listRoots(),
    });
    const answer = await server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'roots' } }, recordingLink());
    expect(answer).toMatchObject({ error: { code: -32000, message: 'The client did not answer roots/list within 30 ms' } });
  });

  it('reads docsDir markdown files as docs:// resources on Node', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fw-mcp-docs-'));
    await mkdir(join(dir, 'guide'));
    await writeFile(join(dir, 'intro.md'), '# Intro\nHello.');
    await writeFile(join(dir, 'guide', 'Deploy.md'), '# Deploying\nShip it.');
    await writeFile(join(dir, 'notes.txt'), 'not markdown');
    const server = createMCPServer(null, { docsDir: dir });
    const link = recordingLink();
    const listed = await server.handle({ jsonrpc: '2.0', id: 1, method: 'resources/list' }, link);
    expect((listed as any as { result: { resources: { uri: string }[] } }).result.resources.map((r) => r.uri)).toEqual([
      'docs://guide-deploy',
      'docs://intro',
    ]);
    const read = await server.handle({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'docs://intro' } }, link);
    expect((read as any as { result: { contents: { text: string }[] } }).result.contents[0].text).toBe('# Intro\nHello.');
    const missing = createMCPServer(null, { docsDir: join(dir, 'nope') });
    const failed = await missing.handle({ jsonrpc: '2.0', id: 3, method: 'resources/list' }, link);
    expect(failed).toMatchObject({ error: { code: -32603 } });
  });
});
