import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../src/core/types';
import { createWorkspace, type Workspace } from 'fw';

describe('workspace dashboard in headless Chromium', () => {
  let browser: Browser;
  let ws: Workspace;
  let server: Server;

  beforeAll(async () => {
    ws = createWorkspace();
    ws.app('api', { prefix: '/api' }, (app) => {
      app.get('/ping', () => 'pong');
    });
    ws.app('admin', { host: 'admin.shop.test' }, (app) => {
      app.get('/', () => 'admin');
    });
    server = await ws.listen(0);
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
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await ws?.stop();
  });

  it('renders one row per app with its mount and request count', async () => {
    await fetch(`http://127.0.0.1:${server.port}/api/ping`);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${server.port}/__fw/workspace`);
    expect(await page.textContent('tr[data-app="api"] td:nth-child(2)')).toBe('/api');
    expect(await page.textContent('tr[data-app="api"] .requests')).toBe('1');
    expect(await page.textContent('tr[data-app="admin"] td:nth-child(3)')).toBe('admin.shop.test');
    expect(await page.textContent('#bus')).toContain('0 topics');
    expect(errors).toEqual([]);
    await page.close();
  });
});
