import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePortalHTML, security, type Context, type OpenAPI31Document } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { launchChromium, openPage } from './browser';
import { documentedApp } from './fixture-app';

describe('docs page and portal in headless Chromium', () => {
  let context: BrowserContext;
  let server: NodeServer;
  let strictServer: NodeServer;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  const requested: string[] = [];

  beforeAll(async () => {
    const app = documentedApp();
    app.use(async (ctx: Context, next) => {
      requested.push(`${ctx.method} ${ctx.path}`);
      return next();
    });
    app.get(
      '/secret',
      (ctx: Context) =>
        ctx.header('authorization') === 'Bearer t0k' ? { secret: 42 } : ctx.status(401).jsonResponse({ error: 'no token' }),
      { security: [{ bearer: [] }], tags: ['ops'] },
    );
    app.get(
      '/portal',
      (ctx: Context) => ctx.html(generatePortalHTML(ctx.app.state<() => OpenAPI31Document>('fw:openapi')!(), { baseUrl: '' })),
      { hidden: true },
    );
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
    const strict = documentedApp();
    strict.plugin(security());
    strictServer = await serve(strict, { port: 0, hostname: '127.0.0.1' });
    browser = await launchChromium();
    context = browser.context;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await strictServer?.stop();
  });

  it('/docs loads its assets from the app, with no failed request, and lists the routes by tag', async () => {
    requested.length = 0;
    const { page, problems } = await openPage(context, `${server.url}/docs`);
    expect(new Set(requested)).toEqual(new Set(['GET /docs', 'GET /docs/docs.css', 'GET /docs/docs.js', 'GET /openapi']));
    expect(await page.title()).toBe('Users API');
    expect(await page.textContent('.fw-header h1')).toBe('Users API');
    expect(await page.$$eval('.fw-tag h2', (nodes) => nodes.map((n) => n.textContent))).toEqual(['ops', 'users', 'default']);
    const ops = await page.$$eval('.fw-op', (nodes) => nodes.map((n) => `${n.getAttribute('data-method')} ${n.getAttribute('data-path')}`));
    expect(ops).toEqual(
      expect.arrayContaining([
        'GET /health',
        'GET /users',
        'POST /users',
        'GET /users/{id}',
        'GET /legacy/search',
        'DELETE /echo/{wildcard}',
      ]),
    );
    expect(ops.some((o) => o.includes('/internal') || o.includes('/openapi') || o.includes('/docs'))).toBe(false);
    expect(await page.textContent('#op-getUsers .fw-summary')).toBe('List users');
    expect(await page.getAttribute('#op-getLegacySearch', 'class')).toContain('fw-deprecated');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('"Try it" sends a real request and shows the response', async () => {
    const { page, problems } = await openPage(context, `${server.url}/docs`);
    await page.click('#op-getUser summary');
    await page.fill('#op-getUser input[data-name="id"]', '1');
    requested.length = 0;
    await page.click('#op-getUser .fw-send');
    await page.waitForSelector('#op-getUser .fw-response[data-state="done"]');
    expect(requested).toEqual(['GET /users/1']);
    expect(await page.getAttribute('#op-getUser .fw-response', 'data-status')).toBe('200');
    const shown = await page.textContent('#op-getUser .fw-response');
    expect(shown).toContain('HTTP 200');
    expect(shown).toContain('"name": "Ada"');

    await page.click('#op-postUsers summary');
    await page.fill('#op-postUsers textarea', '{"name": "Grace <b>"}');
    await page.click('#op-postUsers .fw-send');
    await page.waitForSelector('#op-postUsers .fw-response[data-state="done"]');
    expect(await page.getAttribute('#op-postUsers .fw-response', 'data-status')).toBe('201');
    expect(await page.textContent('#op-postUsers .fw-response')).toContain('"name": "Grace <b>"');
    expect(await page.$('#op-postUsers .fw-response b')).toBeNull();
    expect(problems).toEqual([]);

    await page.fill('#op-postUsers textarea', '{"name": ""}');
    await page.click('#op-postUsers .fw-send');
    await page.waitForSelector('#op-postUsers .fw-response[data-status="400"]');
    expect(await page.textContent('#op-postUsers .fw-response')).toContain('HTTP 400');
    await page.close();
  });

  it('sends the Authorization value typed at the top with "Try it"', async () => {
    const { page, problems } = await openPage(context, `${server.url}/docs`);
    await page.fill('#fw-auth', 'Bearer t0k');
    await page.click('#op-getSecret summary');
    await page.click('#op-getSecret .fw-send');
    await page.waitForSelector('#op-getSecret .fw-response[data-state="done"]');
    expect(await page.getAttribute('#op-getSecret .fw-response', 'data-status')).toBe('200');
    expect(await page.textContent('#op-getSecret .fw-response')).toContain('"secret": 42');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the portal is one self-contained file: it lists the routes and "Try it" works', async () => {
    requested.length = 0;
    const { page, problems } = await openPage(context, `${server.url}/portal`);
    expect(requested).toEqual(['GET /portal']);
    expect(await page.$$eval('.fw-op', (nodes) => nodes.length)).toBe(11);
    await page.click('#op-getUsers summary');
    await page.fill('#op-getUsers input[data-name="limit"]', '1');
    await page.click('#op-getUsers .fw-send');
    await page.waitForSelector('#op-getUsers .fw-response[data-state="done"]');
    expect(requested).toEqual(['GET /portal', 'GET /users']);
    expect(await page.textContent('#op-getUsers .fw-response')).toContain('GET /users?limit=1');
    expect(await page.textContent('#op-getUsers .fw-response')).toContain('"id": 1');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('/docs works under the default Content-Security-Policy of security()', async () => {
    const { page, problems } = await openPage(context, `${strictServer.url}/docs`);
    expect(await page.evaluate(() => fetch(location.href).then((r) => r.headers.get('content-security-policy')))).toContain(
      "script-src 'self'",
    );
    await page.click('#op-getHealth summary');
    await page.click('#op-getHealth .fw-send');
    await page.waitForSelector('#op-getHealth .fw-response[data-state="done"]');
    expect(await page.textContent('#op-getHealth .fw-response')).toContain('"ok": true');
    await page.click('#op-postUsers summary');
    expect(await page.isVisible('#op-postUsers .fw-request .fw-schema-table')).toBe(true);
    expect(await page.$eval('#op-postUsers .fw-request .fw-prop-name', (cell) => getComputedStyle(cell).paddingLeft)).toBe('8px');
    expect(problems).toEqual([]);
    await page.close();
  });
});
