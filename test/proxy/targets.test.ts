/**
 * proxy() on every target (fw/node, fw/bun, workerd, Lambda through lambda()), forwarding to a real fw/node upstream
 * on 127.0.0.1: path, query, body and headers arrive cleaned, X-Forwarded-* carry the peer address the target knows,
 * an unreachable upstream is a 502, and on node and bun the upstream's chunks arrive as they are sent.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { describeEveryTarget } from '../targets/every-target';
import { startUpstream } from './fixtures/upstream';

const app = fileURLToPath(new URL('./fixtures/proxy-app.ts', import.meta.url));
const upstream = await startUpstream();
process.env.FW_PROXY_UPSTREAM = upstream.origin;
afterAll(() => upstream.stop());

/** The peer address each target reports (a worker request without Cloudflare's `cf` has none). */
const peers = { node: '127.0.0.1', bun: '127.0.0.1', worker: null, lambda: '192.0.2.44' };

describeEveryTarget(
  'proxy()',
  app,
  (client) => {
    it('forwards path, query, body and headers, cleaned, with X-Forwarded-* from the target', async () => {
      const response = await client().fetch('/up/echo/a?x=1', {
        method: 'POST',
        body: 'payload',
        headers: { 'x-request-id': '123', 'proxy-authorization': 'Basic eDp5', 'x-forwarded-for': '6.6.6.6', 'content-type': 'text/plain' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-response-id')).toBe('456');
      const seen = (await response.json()) as { url: string; body: string; headers: Record<string, string> };
      expect(seen.url).toBe(`${upstream.origin}/echo/a?x=1`);
      expect(seen.body).toBe('payload');
      expect(seen.headers['x-request-id']).toBe('123');
      expect(seen.headers['proxy-authorization']).toBeUndefined();
      // workerd's own outbound fetch (miniflare) adds X-Forwarded-For; the client's 6.6.6.6 never reaches the upstream.
      if (client().target === 'worker') expect(seen.headers['x-forwarded-for']).not.toContain('6.6.6.6');
      else expect(seen.headers['x-forwarded-for']).toBe(peers[client().target]);
      expect(seen.headers['x-forwarded-proto']).toBe(client().target === 'lambda' ? 'https' : 'http');
      expect(seen.headers['x-forwarded-host']).toBe(new URL(client().origin).host);
    });

    it('answers 502 with fw error body when the upstream is unreachable', async () => {
      const response = await client().fetch('/down');
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: 'The upstream could not be reached', code: 'PROXY_UPSTREAM_FAILED' });
    });

    it('passes a redirect and every cookie through', async () => {
      const redirect = await client().fetch('/up/redirect', { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toBe('/elsewhere');
      const cookies = await client().fetch('/up/set-cookie');
      expect(cookies.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    });
  },
  { worker: { bindings: { UPSTREAM: upstream.origin } } },
);

describeEveryTarget(
  'proxy(), while streaming',
  app,
  (client) => {
    it('streams the upstream answer: the first chunk arrives before the upstream has finished', async () => {
      const reader = (await client().fetch('/up/chunks')).body!.getReader();
      // The upstream sends a chunk every 300 ms: a buffered answer would arrive as one piece.
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('chunk-0;');
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('chunk-1;');
      await reader.cancel();
    });
  },
  // Not on the local workerd: its outbound fetch hands a worker the upstream body only once complete (a plain
  // `return fetch(url)` worker shows the same), so there is nothing of proxy() to check; buffered lambda() collects.
  { targets: ['node', 'bun'] },
);
