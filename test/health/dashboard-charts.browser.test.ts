/**
 * The dashboard's charts in headless Chromium, on fw/node over a socket, fw/bun and in workerd (miniflare): real traffic
 * first (200s, 201s, 404s, 500s), then the page under a strict CSP: six SVG charts with drawn paths, legends naming
 * the route patterns, live updates, no CSP violation, no horizontal overflow on a phone; screenshots in test/.out/.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Miniflare } from 'miniflare';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type NodeServer } from 'fw/node';
import { launchChromium } from '../openapi/browser';
import { startBun } from '../targets/bun/bun-process';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import chartsApp, { chartsToken } from './fixtures/charts-app';

const outDir = fileURLToPath(new URL('../.out/', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/charts-app.ts', import.meta.url));
const auth = { authorization: `Bearer ${chartsToken}` };

/** Sends `count` requests and returns their statuses. */
async function send(origin: string, count: number, path: string, method = 'GET'): Promise<number[]> {
  return Promise.all(Array.from({ length: count }, async () => (await fetch(`${origin}${path}`, { method })).status));
}

/** Traffic over three 1 s slots: 200s and 500s on /users/:id, 404s on paths no route matches. */
async function traffic(origin: string): Promise<void> {
  for (let round = 0; round < 3; round++) {
    expect(await send(origin, 6 + round * 4, `/users/${round}`)).toEqual(new Array(6 + round * 4).fill(200));
    expect(await send(origin, round + 1, '/users/boom')).toEqual(new Array(round + 1).fill(500));
    expect(await send(origin, 2, `/missing/${round}`)).toEqual([404, 404]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
  }
}

/** The series names in a chart's legend. */
const legend = (page: Page, chart: string) =>
  page.$$eval(`figure[data-chart="${chart}"] .legend li`, (items) => items.map((li) => li.textContent));

interface Started {
  origin: string;
  headers: Record<string, string>;
  stop(): Promise<void>;
}

const targets: Record<string, () => Promise<Started>> = {
  async node() {
    const server: NodeServer = await serve(chartsApp(), { port: 0, hostname: '127.0.0.1' });
    return { origin: server.url, headers: {}, stop: () => server.stop() };
  },
  async bun() {
    const bun = await startBun('test/targets/fixtures/serve-module-bun.ts', [fixture]);
    return { origin: bun.url, headers: {}, stop: () => bun.stop() };
  },
  async workerd() {
    const entry = join(mkdtempSync(join(tmpdir(), 'fw-dashboard-charts-')), 'worker.ts');
    writeFileSync(
      entry,
      `import app from ${JSON.stringify(fixture)};\nimport { worker } from 'fw/worker';\nexport default worker(app());\n`,
    );
    const mf: Miniflare = await runWorker(await bundleWorker(entry));
    const url = await mf.ready;
    return { origin: url.origin, headers: auth, stop: () => mf.dispose() };
  },
};

for (const [target, start] of Object.entries(targets)) {
  describe(`dashboard charts on ${target} in Chromium`, () => {
    let app: Started;
    let browser: Awaited<ReturnType<typeof launchChromium>>;

    beforeAll(async () => {
      mkdirSync(outDir, { recursive: true });
      [app, browser] = await Promise.all([start(), launchChromium()]);
      await traffic(app.origin);
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await app?.stop();
    });

    /** Opens the dashboard at `viewport`, recording console errors, script errors and CSP violations. */
    async function open(viewport: { width: number; height: number }): Promise<{ page: Page; problems: string[] }> {
      const page = await browser.context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
      });
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)),
      );
      await page.setViewportSize(viewport);
      await page.setExtraHTTPHeaders(app.headers);
      const response = await page.goto(`${app.origin}/__fw/health`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'; style-src 'self' 'nonce-/);
      await page.waitForSelector('#fw-metrics svg[role="img"]');
      // The stylesheet is an asset of its own: on a loaded machine it can land after the markup, so wait for the charts' layout.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('#fw-metrics figure.chart svg')].every((svg) => svg.getBoundingClientRect().width > 0),
      );
      return { page, problems };
    }

    it('draws request rate, latency and error charts from the traffic, with route patterns in the legends', async () => {
      const { page, problems } = await open({ width: 1280, height: 900 });
      expect(await page.title()).toBe('Shop <&"> health');
      const charts = await page.$$eval('#fw-metrics figure.chart', (figures) =>
        figures.map((f) => {
          const svg = f.querySelector('svg') as SVGSVGElement;
          const box = svg.getBoundingClientRect();
          return {
            id: f.getAttribute('data-chart'),
            title: svg.querySelector('title')?.textContent,
            labelled: svg
              .getAttribute('aria-labelledby')
              ?.split(' ')
              .every((id) => document.getElementById(id) !== null),
            paths: [...svg.querySelectorAll('g.series path')].map(
              (p) => (p as SVGPathElement).getTotalLength() >= 0 && p.getAttribute('d'),
            ),
            width: box.width,
            height: box.height,
          };
        }),
      );
      expect(charts.map((c) => c.id)).toEqual([
        'fw-chart-rate',
        'fw-chart-latency',
        'fw-chart-p95',
        'fw-chart-errors',
        'fw-chart-cold-starts',
        'fw-chart-init',
      ]);
      for (const c of charts) {
        expect(c.labelled).toBe(true);
        expect(c.width).toBeGreaterThan(200);
        expect(c.height).toBeGreaterThan(100);
      }
      for (const id of ['fw-chart-rate', 'fw-chart-latency', 'fw-chart-p95', 'fw-chart-errors']) {
        const chart = charts.find((c) => c.id === id);
        expect(chart?.paths.length).toBeGreaterThan(0);
        for (const d of chart?.paths ?? []) expect(d).toMatch(/^M[\d.]+ [\d.]+/);
      }
      expect(await legend(page, 'fw-chart-rate')).toEqual(expect.arrayContaining(['GET /users/:id', '* (unmatched)']));
      expect(await legend(page, 'fw-chart-latency')).toEqual(['p50', 'p95', 'p99']);
      // The dashboard's own page, snapshot and assets are left out: its polling would draw a line of its own.
      expect((await legend(page, 'fw-chart-rate')).filter((name) => name?.includes('/__fw/health'))).toEqual([]);
      // Three slots of /users/:id traffic: the rate line has a point in each.
      const ratePoints = await page.$$eval('figure[data-chart="fw-chart-rate"] g.series[data-series="GET /users/:id"] circle title', (t) =>
        t.map((e) => e.textContent ?? ''),
      );
      expect(ratePoints.filter((t) => !t.endsWith(' 0 req/s')).length).toBeGreaterThanOrEqual(2);
      // /users/boom answered 500: the error chart shows a share above 0 for the route.
      const errorPoints = await page.$$eval(
        'figure[data-chart="fw-chart-errors"] g.series[data-series="GET /users/:id"] circle title',
        (t) => t.map((e) => Number(/· ([\d.]+) % 5xx$/.exec(e.textContent ?? '')?.[1])),
      );
      expect(Math.max(...errorPoints)).toBeGreaterThan(0);
      const rows = await page.$$eval('#fw-routes tbody tr', (trs) =>
        trs.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
      // route, requests, req/s, 2xx, 3xx, 4xx, 5xx: 6 + 10 + 14 answered 200 and 1 + 2 + 3 answered 500; 3 x 2 matched no route.
      const row = (route: string) => rows.find((cells) => cells[0] === route) ?? [];
      expect([1, 3, 4, 5, 6].map((i) => row('GET /users/:id')[i])).toEqual(['36', '30', '0', '0', '6']);
      expect([1, 5].map((i) => row('* (unmatched)')[i])).toEqual(['6', '6']);
      expect(rows.map((cells) => cells[0]).filter((route) => route.includes('/__fw/health'))).toEqual([]);
      expect(await page.textContent('#fw-instances tbody')).toContain(target === 'workerd' ? 'worker' : target);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('updates live: a new route shows up in the legends without reloading', async () => {
      const { page, problems } = await open({ width: 1280, height: 900 });
      expect(await legend(page, 'fw-chart-rate')).not.toContain('POST /orders');
      expect(await send(app.origin, 5, '/orders', 'POST')).toEqual([201, 201, 201, 201, 201]);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('figure[data-chart="fw-chart-rate"] .legend li')].some((li) => li.textContent === 'POST /orders'),
      );
      expect(Number(await page.getAttribute('body', 'data-refreshes'))).toBeGreaterThan(1);
      expect(
        await page.$eval('figure[data-chart="fw-chart-rate"] g.series[data-series="POST /orders"] path', (p) => p.getAttribute('d')),
      ).toMatch(/^M/);
      const screenshot = `${outDir}health-dashboard-${target}.png`;
      await page.screenshot({ path: screenshot, fullPage: true });
      expect(readFileSync(screenshot).subarray(1, 4).toString()).toBe('PNG');
      console.log(`dashboard screenshot (${target}, 1280 wide): ${screenshot}`);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('fits a phone (390 x 844): no horizontal overflow, charts as wide as the screen', async () => {
      const { page, problems } = await open({ width: 390, height: 844 });
      const layout = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        charts: [...document.querySelectorAll('#fw-metrics figure.chart svg[role="img"]')].map((svg) => svg.getBoundingClientRect().width),
      }));
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
      expect(layout.charts).toHaveLength(6);
      for (const width of layout.charts) {
        expect(width).toBeGreaterThan(300);
        expect(width).toBeLessThanOrEqual(390);
      }
      const screenshot = `${outDir}health-dashboard-${target}-phone.png`;
      await page.screenshot({ path: screenshot, fullPage: true });
      expect(readFileSync(screenshot).subarray(1, 4).toString()).toBe('PNG');
      console.log(`dashboard screenshot (${target}, phone): ${screenshot}`);
      expect(problems).toEqual([]);
      await page.close();
    });
  });
}
