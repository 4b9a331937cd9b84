/**
 * The dashboard's JSON snapshot and `exportHealthDashboard` carry the merged metrics view when the app records
 * `metrics()`, and nothing when it does not: in process, with real traffic, a cold start reported the way the targets
 * report it (`startInvocation`), and the access rule of the page (a store that cannot be read: dashboard-page.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Fw, buildHealthSnapshot, exportHealthDashboard, healthDashboard, metrics, readMetricsView } from 'fw';
import { resetColdStartStats, startInvocation } from 'fw/serverless';

const token = { authorization: 'Bearer page-token' };
const own = ['/__fw/health', '/__fw/health.json', '/__fw/health/dashboard.js', '/__fw/health/dashboard.css'];

/** An app with metrics, the dashboard behind a token, and two routes that answered 200, 200 and 500. */
async function busyApp() {
  const app = new Fw({ logErrors: false })
    .use(metrics())
    .use(healthDashboard({ token: 'page-token', checks: { up: () => true } }))
    .get('/users/:id', (ctx) => ({ id: ctx.params.id }))
    .get('/boom', () => {
      throw new Error('boom');
    });
  // Started first: an app that registers metrics() with use() counts its answers from its start.
  await app.ready();
  resetColdStartStats();
  const end = startInvocation('lambda', app);
  expect((await app.request('/users/1')).status).toBe(200);
  end();
  expect((await app.request('/users/2')).status).toBe(200);
  expect((await app.request('/boom')).status).toBe(500);
  return app;
}

afterEach(() => resetColdStartStats());

describe('health snapshot with metrics()', () => {
  it('serves the merged metrics view in the JSON, less the dashboard own routes, to an authorized caller only', async () => {
    const app = await busyApp();
    const refused = await app.request('/__fw/health.json');
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain('/users');
    await app.request('/__fw/health', { headers: token });
    const body = await (await app.request('/__fw/health.json', { headers: token })).json();
    const view = await readMetricsView(app);
    expect(Object.keys(body.metrics).sort()).toEqual(Object.keys(view).sort());
    expect(body.metrics.routes).toEqual(view.routes.filter((r) => !own.includes(r.route)));
    expect(view.routes.map((r) => r.route)).toContain('/__fw/health');
    expect(body.metrics.routes.map((r: { method: string; route: string }) => `${r.method} ${r.route}`).sort()).toEqual([
      'GET /boom',
      'GET /users/:id',
    ]);
    expect(body.metrics.coldStarts).toEqual(view.coldStarts);
    expect(body.metrics.coldStarts[0]).toMatchObject({ target: 'lambda', total: { count: 1 } });
    expect(body.metrics.instances).toMatchObject([{ id: view.instances[0].id, target: 'lambda' }]);
    expect(body).not.toHaveProperty('metricsError');
  });

  it('leaves metrics out of the JSON and the exports of an app without metrics()', async () => {
    const app = new Fw().use(healthDashboard({ token: 'page-token', checks: { up: () => true } }));
    const body = await (await app.request('/__fw/health.json', { headers: token })).json();
    expect(body).toMatchObject({ status: 'healthy' });
    expect(body).not.toHaveProperty('metrics');
    const snapshot = await buildHealthSnapshot(app);
    expect(snapshot).not.toHaveProperty('metrics');
    expect(exportHealthDashboard(snapshot, 'html')).not.toContain('fw-metrics');
    expect(exportHealthDashboard(snapshot, 'markdown')).not.toContain('cold starts');
  });

  it('exports the view: in the JSON, as tables in Markdown, as charts and tables in the static HTML', async () => {
    const app = await busyApp();
    const snapshot = await buildHealthSnapshot(app);
    expect(snapshot.metrics?.routes.map((r) => r.route).sort()).toEqual(['/boom', '/users/:id']);
    expect(JSON.parse(exportHealthDashboard(snapshot, 'json')).metrics).toEqual(snapshot.metrics);

    const md = exportHealthDashboard(snapshot, 'markdown');
    expect(md).toMatch(/\| GET \/users\/:id \| 2 \| 2 \| 0 \| 0 \| 0 \| [\d.]+ \| [\d.]+ \| [\d.]+ \|/);
    expect(md).toMatch(/\| GET \/boom \| 1 \| 0 \| 0 \| 0 \| 1 \|/);
    expect(md).toMatch(/\| lambda \| 1 \| [\d.]+ \| [\d.]+ \| [\d.]+ \|/);

    const html = exportHealthDashboard(snapshot, 'html');
    expect(html).toContain('<section id="fw-metrics">');
    expect(html.match(/<figure class="chart"/g)).toHaveLength(6);
    expect(html).toMatch(/<td>GET \/users\/:id<\/td><td class="num">2<\/td>/);
    expect(html).toContain('<td>lambda</td>');
    expect(html).not.toContain('<script');
  });
});
