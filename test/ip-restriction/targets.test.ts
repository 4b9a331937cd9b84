/**
 * ipRestriction() on every target: the rules apply to the peer address the target knows (the socket on node, Bun's
 * requestIP, Lambda's sourceIp, CF-Connecting-IP on a worker request that carries Cloudflare's `cf`), never to
 * X-Forwarded-For or a CF-Connecting-IP sent to another target.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget } from '../targets/every-target';

const app = fileURLToPath(new URL('./fixtures/ip-app.ts', import.meta.url));

/** On a worker, a request from Cloudflare's edge: the `cf` object and the address the edge saw. */
const edge = { cf: { country: 'NL' }, headers: { 'cf-connecting-ip': '203.0.113.7' } } as RequestInit;
const peers = { node: '127.0.0.1', bun: '127.0.0.1', worker: '203.0.113.7', lambda: '192.0.2.44' };

describeEveryTarget('ipRestriction()', app, (client) => {
  it('sees the peer address the target reports', async () => {
    const response = await client().fetch('/seen', edge);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ address: peers[client().target] });
  });

  it('lets an allowed peer through and refuses a denied one', async () => {
    expect((await client().fetch('/allowed', edge)).status).toBe(200);
    const denied = await client().fetch('/denied', edge);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: 'IP_DENIED' });
  });

  it('ignores forwarded headers a client sends', async () => {
    const spoofed = await client().fetch('/private-net', {
      ...edge,
      headers: { ...(edge.headers as Record<string, string>), 'x-forwarded-for': '10.0.0.1', 'x-real-ip': '10.0.0.1' },
    });
    expect(spoofed.status).toBe(403);
    if (client().target !== 'worker') {
      const cfSpoofed = await client().fetch('/private-net', { headers: { 'cf-connecting-ip': '10.0.0.1' } });
      expect(cfSpoofed.status).toBe(403);
    }
  });
});
