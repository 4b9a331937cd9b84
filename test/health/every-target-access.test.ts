/**
 * Health details and the dashboard on fw/node, fw/bun, workerd (miniflare) and Lambda. On node and bun the test's
 * connection comes from 127.0.0.1, so the caller is a local operator; on the worker and on Lambda (source IP
 * 203.0.113.9) it is remote: status only, the dashboard refused, unless it sends the token or passes the app's guard.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget } from '../targets/every-target';

const app = fileURLToPath(new URL('./fixtures/access-app.ts', import.meta.url));
const token = { authorization: 'Bearer ops-secret-token' };

describeEveryTarget(
  'health access',
  app,
  (client) => {
    const local = () => client().target === 'node' || client().target === 'bun';

    it('answers the probes to anyone: /live 200, /health and /ready 503 while a check fails', async () => {
      expect(await (await client().fetch('/live')).json()).toEqual({ alive: true });
      const health = await client().fetch('/health', { headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(health.status).toBe(503);
      expect((await health.json()).status).toBe('unhealthy');
      const ready = await client().fetch('/ready');
      expect(ready.status).toBe(503);
      expect((await ready.json()).ready).toBe(false);
    });

    it('shows check details to a loopback caller only, never the error text to a remote one', async () => {
      const health = await client().fetch('/health', { headers: { 'cf-connecting-ip': '127.0.0.1' } });
      const text = await health.text();
      if (local()) {
        expect(JSON.parse(text).checks.cache).toMatchObject({ status: 'unhealthy', error: expect.stringContaining('127.0.0.1:1') });
      } else {
        expect(JSON.parse(text)).toEqual({ status: 'unhealthy' });
        expect(text).not.toContain('127.0.0.1');
        expect(await (await client().fetch('/ready')).json()).toEqual({ ready: false });
      }
    });

    it('shows details to a caller with the token or the app guard, on every target', async () => {
      const withToken = await (await client().fetch('/health', { headers: token })).json();
      expect(withToken.checks.cache.error).toContain('127.0.0.1:1');
      expect(withToken.checks.up).toMatchObject({ status: 'healthy' });
      const guarded = await (await client().fetch('/ready', { headers: { 'x-role': 'operator' } })).json();
      expect(guarded.checks.cache.status).toBe('unhealthy');
    });

    it('serves the dashboard to a local or token caller, 401 with a Bearer challenge to a remote one', async () => {
      for (const path of ['/__fw/health', '/__fw/health.json']) {
        if (local()) expect((await client().fetch(path)).status).toBe(200);
        // Remote: the peer is not loopback whatever X-Forwarded-For says. Local: a loopback peer that forwards a
        // request (a reverse proxy on this machine) without trustProxy() is not a local operator either.
        const anonymous = await client().fetch(path, { headers: { 'x-forwarded-for': '127.0.0.1' } });
        expect(anonymous.status).toBe(401);
        expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="fw health"');
        const body = await anonymous.text();
        expect(JSON.parse(body)).toMatchObject({ code: 'UNAUTHORIZED' });
        expect(body).not.toContain('cache');
        const authorized = await client().fetch(path, { headers: token });
        expect(authorized.status).toBe(200);
        expect(await authorized.text()).toContain('127.0.0.1:1');
      }
    });
  },
  { lambdaSourceIp: '203.0.113.9' },
);
