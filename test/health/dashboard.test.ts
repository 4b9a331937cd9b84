import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import { apiCircuitBreaker, resetCircuitBreakerRegistry } from '../../src/circuit-breaker';
import { buildHealthSnapshot, exportHealthDashboard, healthCheck, healthDashboard, renderHealthDashboardHTML } from '../../src/health';
import { scheduler } from '../../src/scheduler';
import { serve, type NodeServer } from '../../targets/node';

describe('health dashboard', () => {
  let browser: Browser;
  let server: NodeServer;
  let dbUp = true;

  beforeAll(async () => {
    resetCircuitBreakerRegistry();
    apiCircuitBreaker('payments');
    const app = new Fw();
    await app.plugin(healthCheck({ checks: { database: () => dbUp, 'queue <main>': async () => true } }));
    await app.plugin(scheduler({ timers: false, timezone: 'UTC', jobs: [{ name: 'cleanup', cron: '*/5 * * * *', handler: () => {} }] }));
    await app.plugin(healthDashboard({ refreshMs: 200, title: 'Shop health' }));
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    resetCircuitBreakerRegistry();
  });

  it('renders in Chromium, shows each check, breaker and job, and refreshes', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const response = await page.goto(`${server.url}/__fw/health`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(await page.title()).toBe('Shop health');
    expect(await page.textContent('#status')).toBe('healthy');
    expect(await page.textContent('tr[data-check="database"]')).toContain('healthy');
    expect(await page.textContent('tr[data-check="queue <main>"]')).toContain('queue <main>');
    expect(await page.textContent('#breakers')).toContain('payments');
    expect(await page.textContent('#jobs')).toContain('*/5 * * * *');
    dbUp = false;
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'unhealthy');
    expect(await page.textContent('tr[data-check="database"]')).toContain('check returned false');
    expect(Number(await page.getAttribute('body', 'data-refreshes'))).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    dbUp = true;
    await page.close();
  });

  it('serves the JSON snapshot', async () => {
    const res = await fetch(`${server.url}/__fw/health.json`);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({
      status: 'healthy',
      app: { plugins: ['health', 'scheduler', 'health-dashboard'] },
      jobs: [{ name: 'cleanup', runs: 0 }],
    });
    expect(body.circuitBreakers).toEqual([{ name: 'payments', state: 'CLOSED', failures: 0, rejected: 0 }]);
  });
});

describe('snapshot export and rendering', () => {
  it('exports JSON, Markdown and HTML; escapes names', async () => {
    const app = new Fw();
    const snapshot = await buildHealthSnapshot(app, {
      checks: {
        'x|<y>': () => {
          throw new Error('bad </script>');
        },
      },
    });
    expect(snapshot.status).toBe('unhealthy');
    expect(JSON.parse(exportHealthDashboard(snapshot, 'json'))).toEqual(snapshot);
    const md = exportHealthDashboard(snapshot, 'markdown');
    expect(md).toContain('# Health: unhealthy');
    expect(md).toContain('| x\\|<y> | unhealthy |');
    const html = exportHealthDashboard(snapshot, 'html');
    expect(html).not.toContain('bad </script>');
    expect(html).toContain('bad &lt;/script&gt;');
    expect(() => exportHealthDashboard(snapshot, 'pdf' as never)).toThrow(/"json", "markdown" or "html"/);
    expect(() => renderHealthDashboardHTML(snapshot, { refreshMs: 5 })).toThrow(/refreshMs/);
    expect(() => healthDashboard({ path: 'nope' })).toThrow(/must start with/);
  });
});
