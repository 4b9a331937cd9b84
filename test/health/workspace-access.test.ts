/**
 * The workspace's Prometheus metrics and dashboard follow the health rule: a loopback caller, the token or the app's
 * guard; anyone else gets 401 with a Bearer challenge. The metrics are scraped over a real socket for loopback, from
 * the workspace `fw` gives on Node (Node's services preset, so it listens). @lane integration
 */
import { afterEach, describe, expect, it } from 'vitest';
import { assignPeerAddress } from 'fw';
import type { Server } from '../../src/core/types';
import type { Workspace, WorkspaceOptions } from '../../src/workspace';
import { createWorkspace } from '../../targets/node/presets';

const paths = ['/__fw/metrics', '/__fw/workspace', '/__fw/workspace.json'];
let server: Server | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function workspace(options: WorkspaceOptions = {}): Workspace {
  const ws = createWorkspace(options);
  ws.app('api', { prefix: '/api' }, (app) => {
    app.get('/users/:id', () => ({ ok: true }));
  });
  return ws;
}

async function call(ws: Workspace, path: string, peer: string | null, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, { headers });
  if (peer !== null) assignPeerAddress(request, peer);
  const response = await ws.fetch(request);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('workspace metrics and dashboard access', () => {
  it('refuses a remote caller, also one claiming 127.0.0.1 in X-Forwarded-For, with 401 and a Bearer challenge', async () => {
    const ws = workspace();
    await call(ws, '/api/users/1', '203.0.113.9');
    for (const path of paths) {
      for (const peer of ['203.0.113.9', null]) {
        const refused = await call(ws, path, peer, { 'x-forwarded-for': '127.0.0.1' });
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="fw workspace"');
        expect(JSON.parse(refused.text)).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
      }
    }
    // The apps themselves stay public.
    expect((await call(ws, '/api/users/1', '203.0.113.9')).status).toBe(200);
  });

  it('serves a loopback scraper over a real socket', async () => {
    const ws = workspace({ hostname: '127.0.0.1' });
    server = await ws.listen(0);
    const response = await fetch(`http://127.0.0.1:${server.port}/__fw/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('# TYPE fw_http_requests_total counter');
  });

  it('serves a remote caller with the token or the guard; loopback: false and "public" change the rule', async () => {
    const ws = workspace({ access: { token: 'scrape-token', authorize: (ctx) => ctx.header('x-role') === 'ops', loopback: false } });
    for (const path of paths) {
      expect((await call(ws, path, '203.0.113.9', { authorization: 'Bearer scrape-token' })).status).toBe(200);
      expect((await call(ws, path, '203.0.113.9', { 'x-role': 'ops' })).status).toBe(200);
      expect((await call(ws, path, '203.0.113.9', { authorization: 'Bearer wrong' })).status).toBe(401);
      expect((await call(ws, path, '127.0.0.1')).status).toBe(401);
    }
    const open = workspace({ access: 'public' });
    expect((await call(open, '/__fw/metrics', '203.0.113.9')).status).toBe(200);
  });

  it.each([
    [{ access: { tokn: 'x' } }, 'Workspace "access": unknown option "tokn" (did you mean "token"?)'],
    [{ access: { token: '' } }, /Workspace "access": "token" must be a non-empty string/],
    [{ access: 'open' }, `Workspace "access" must be { token?, authorize?, loopback? } or 'public', got "open"`],
  ])('rejects %j at startup', (options, message) => {
    expect(() => createWorkspace(options as never)).toThrow(message);
  });
});
