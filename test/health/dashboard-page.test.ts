/**
 * The dashboard page in process: its metrics part without `metrics()` and with a store that cannot be read (a real
 * ioredis client on 127.0.0.1:1, where nothing listens; the JSON and the exports then name it too), the static and live forms of `renderHealthDashboardHTML`,
 * and the startup check of `refreshMs`.
 */
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { Fw, buildHealthSnapshot, exportHealthDashboard, healthDashboard, metrics, renderHealthDashboardHTML } from 'fw';
import { redisKV } from 'fw/node';

const token = { authorization: 'Bearer page-token' };

describe('dashboard page', () => {
  it('says how to get charts when the app records no metrics, and still shows the checks', async () => {
    const app = new Fw().use(healthDashboard({ token: 'page-token', checks: { up: () => true } }));
    const html = await (await app.request('/__fw/health', { headers: token })).text();
    expect(html).toContain('No metrics recorded: register the metrics() plugin');
    expect(html).not.toContain('<figure');
    expect(html).toContain('<tr data-check="up">');
  });

  it('names a store that cannot be read instead of failing the page', async () => {
    const client = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    const app = new Fw({ logErrors: false })
      .use(metrics({ store: redisKV({ client }) }))
      .use(healthDashboard({ token: 'page-token', checks: { up: () => true } }));
    const response = await app.request('/__fw/health', { headers: token });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<p class="meta">Metrics could not be read: [^<]+<\/p>/); // ioredis: refused, or closed after a refusal
    expect(html).toContain('<tr data-check="up">');
    const body = await (await app.request('/__fw/health.json', { headers: token })).json();
    expect(body).toMatchObject({ metrics: null, metricsError: expect.stringMatching(/^Metrics could not be read: ./) });
    expect(body.checks.up.status).toBe('healthy');
    const snapshot = await buildHealthSnapshot(app);
    expect(exportHealthDashboard(snapshot, 'markdown')).toContain(snapshot.metricsError);
    expect(exportHealthDashboard(snapshot, 'html')).toContain('<p class="meta">Metrics could not be read: ');
    client.disconnect();
  });

  it('renders a static page with inline CSS and no script, and a live one that links or inlines its script', async () => {
    const snapshot = await buildHealthSnapshot(new Fw(), { checks: { up: () => true } });
    const still = renderHealthDashboardHTML(snapshot);
    expect(still).toMatch(/<style>\*\{box-sizing/);
    expect(still).not.toContain('<script');
    expect(still).not.toContain('data-refresh-ms');
    const linked = renderHealthDashboardHTML(snapshot, { live: true, refreshMs: 2000, assetsBase: '/ops/', nonce: 'a"b' });
    expect(linked).toContain('<link rel="stylesheet" href="/ops/dashboard.css" nonce="a&quot;b">');
    expect(linked).toContain('<script src="/ops/dashboard.js" nonce="a&quot;b"></script>');
    expect(linked).toContain('<body data-refresh-ms="2000" data-refreshes="1">');
    const inline = renderHealthDashboardHTML(snapshot, { live: true });
    expect(inline).toMatch(/<script>\(\(\)=>\{\nconst body=document\.body/);
    expect(renderHealthDashboardHTML(snapshot, { metrics: 'no <store>' })).toContain('<p class="meta">no &lt;store&gt;</p>');
  });

  it('refuses a refreshMs below 100 ms at startup', () => {
    expect(() => healthDashboard({ refreshMs: 50 })).toThrow(/"refreshMs" must be a number of ms >= 100, got 50/);
    expect(() => healthDashboard({ refreshMs: '5s' as never })).toThrow(/"refreshMs"/);
  });
});
