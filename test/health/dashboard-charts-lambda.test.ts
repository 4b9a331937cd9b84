/**
 * The dashboard's charts on Lambda (API Gateway v2 events from a remote source IP, the handler in this process): real
 * traffic through the handler, then the page for a caller with the token, under the strict CSP, with charts drawn
 * from that traffic and the page's script and stylesheet served by the app, and the JSON snapshot with the same
 * merged metrics. Chromium covers node, bun and workerd.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { MetricsView } from 'fw';
import { describeEveryTarget } from '../targets/every-target';
import { chartsToken } from './fixtures/charts-app';

const fixture = fileURLToPath(new URL('./fixtures/charts-app.ts', import.meta.url));
const auth = { authorization: `Bearer ${chartsToken}` };

describeEveryTarget(
  'dashboard charts',
  fixture,
  (client) => {
    it('draws the traffic the handler answered, for a caller with the token only', async () => {
      const statuses = await Promise.all(
        ['/users/1', '/users/2', '/users/boom', '/missing'].map(async (path) => (await client().fetch(path)).status),
      );
      expect(statuses).toEqual([200, 200, 500, 404]);
      expect((await client().fetch('/__fw/health')).status).toBe(401);
      const page = await client().fetch('/__fw/health', { headers: auth });
      expect(page.status).toBe(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const html = await page.text();
      expect(html).toContain(`<link rel="stylesheet" href="/__fw/health/dashboard.css" nonce="${nonce}">`);
      expect(html).toContain(`<script src="/__fw/health/dashboard.js" nonce="${nonce}"></script>`);
      expect(html).not.toMatch(/<style|style="/);
      const rate = /<figure class="chart" data-chart="fw-chart-rate">.*?<\/figure>/s.exec(html)?.[0] ?? '';
      expect(rate).toMatch(/<g class="series" data-series="GET \/users\/:id" fill="#[0-9a-f]{6}"><path d="M[\d.]+ [\d.]+/);
      expect(rate).toContain('>* (unmatched)</li>');
      expect(html).toMatch(/<td>GET \/users\/:id<\/td><td class="num">3<\/td>/);
      expect(html).toContain('<td>lambda</td>');
      expect((await client().fetch('/__fw/health.json')).status).toBe(401);
      const snapshot = await client().fetch('/__fw/health.json', { headers: auth });
      expect(snapshot.status).toBe(200);
      const { metrics } = (await snapshot.json()) as { metrics: MetricsView };
      expect(metrics.routes.find((r) => r.route === '/users/:id')?.total).toMatchObject({ count: 3, status: { '2xx': 2, '5xx': 1 } });
      expect(metrics.routes.filter((r) => r.route.startsWith('/__fw/health'))).toEqual([]);
      expect(metrics.coldStarts).toMatchObject([{ target: 'lambda', total: { count: 1 } }]);
      for (const [asset, type] of [
        ['dashboard.js', 'text/javascript'],
        ['dashboard.css', 'text/css'],
      ]) {
        const response = await client().fetch(`/__fw/health/${asset}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toContain(type);
        expect(await response.text()).not.toContain('users');
      }
    });
  },
  { targets: ['lambda'], lambdaSourceIp: '203.0.113.9' },
);
