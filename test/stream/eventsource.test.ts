/**
 * The SSE example (examples/sse) in headless Chromium: the page's EventSource receives the ticks as they are sent,
 * and after each stream ends it reconnects with Last-Event-ID, so the ids go on without a gap or a repeat.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type NodeServer } from 'fw/node';
import { createApp } from '../../examples/sse/app';

let server: NodeServer;
let browser: Browser;

beforeAll(async () => {
  server = await serve(createApp({ tickMs: 50, perConnection: 3 }), { port: 0, hostname: '127.0.0.1' });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the SSE example in Chromium', () => {
  it('shows every tick, resuming after each reconnect from the last id', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const resumed: Promise<string | null>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/events')) resumed.push(request.allHeaders().then((headers) => headers['last-event-id'] ?? null));
    });
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('#events li').length >= 7, undefined, { timeout: 15_000 });
    const ids = await page.locator('#events li').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.id));
    expect(ids.slice(0, 7)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(await Promise.all(resumed.slice(0, 3))).toEqual([null, '3', '6']);
    expect(await page.locator('#events li').first().textContent()).toMatch(/^tick 1 at \d{4}-/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('delivers an event while the stream is still open', async () => {
    const slow = await serve(createApp({ tickMs: 5000, perConnection: 2 }), { port: 0, hostname: '127.0.0.1' });
    try {
      const page = await browser.newPage();
      const started = Date.now();
      await page.goto(`${slow.url}/`);
      await page.waitForSelector('#events li');
      expect(Date.now() - started).toBeLessThan(4000);
      expect(await page.locator('#status').textContent()).toBe('open');
      await page.close();
    } finally {
      await slow.stop();
    }
  });
});
