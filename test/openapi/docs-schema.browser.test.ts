/** What a person sees on /docs in headless Chromium: schema tables, examples, statuses, tags; saves a screenshot. */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type NodeServer } from 'fw/node';
import { launchChromium, openPage } from './browser';
import { ordersApp } from './orders-app';

const outDir = fileURLToPath(new URL('../.out/', import.meta.url));
const screenshot = `${outDir}docs-page.png`;

/** The words of each element matching `selector`, each text piece apart (as read, not as styled). */
function wordsOf(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (nodes) =>
    nodes.map((node) => {
      const pieces: string[] = [];
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) pieces.push(text.textContent ?? '');
      return pieces
        .map((p) => p.trim())
        .filter(Boolean)
        .join(' ');
    }),
  );
}

/** The rows of a schema or parameter table: indentation depth, then the words of each cell. */
async function rowsOf(page: Page, selector: string): Promise<string[][]> {
  const depths = await page.$$eval(`${selector} tbody tr`, (rows) => rows.map((row) => row.getAttribute('data-depth') ?? ''));
  return Promise.all(depths.map(async (depth, i) => [depth, ...(await wordsOf(page, `${selector} tbody tr:nth-child(${i + 1}) > td`))]));
}

describe('docs page schemas and examples in headless Chromium', () => {
  let server: NodeServer;
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    server = await serve(ordersApp(), { port: 0, hostname: '127.0.0.1' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('groups operations by tag, built-in health and RPC routes under their own tags, all collapsed', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}/docs`);
    expect(await page.$$eval('.fw-tag h2', (nodes) => nodes.map((n) => n.textContent))).toEqual(['orders', 'rpc', 'health']);
    expect(await page.textContent('.fw-tag[data-tag="health"] .fw-count')).toBe('3 operations');
    expect(await page.$$eval('.fw-op[open]', (nodes) => nodes.length)).toBe(0);
    expect(await page.isVisible('#op-placeOrder .fw-schema-table')).toBe(false);
    const badge = page.locator('#op-placeOrder .fw-method');
    expect(await badge.textContent()).toBe('POST');
    expect(await badge.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(46, 125, 50)');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the request body as a nested property table with required markers, and its example', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}/docs`);
    await page.click('#op-placeOrder summary');
    expect(await page.isVisible('#op-placeOrder .fw-request .fw-schema-table')).toBe(true);
    expect(await wordsOf(page, '#op-placeOrder .fw-request h4')).toEqual(['Request body required']);
    expect(await wordsOf(page, '#op-placeOrder .fw-request .fw-schema-type')).toEqual(['object no other properties']);
    expect(await rowsOf(page, '#op-placeOrder .fw-request .fw-schema-table')).toEqual([
      ['0', 'customer required', 'object', 'Who pays'],
      ['1', '└ name required', 'string', '1 to 80 characters'],
      ['1', '└ email', 'string (email)', ''],
      ['0', 'items required', 'array of object', 'at least 1 item'],
      ['1', '└ sku required', 'string', 'pattern ^[A-Z]+-[0-9]+$'],
      ['1', '└ quantity required', 'integer', '1 to 99'],
      ['0', 'shipping required', 'string', 'one of: "standard", "express"'],
      ['0', 'note', 'string', 'at most 200 characters'],
    ]);
    const example = JSON.parse(await page.innerText('#op-placeOrder .fw-request .fw-example-value'));
    expect(example).toEqual({
      customer: { name: 'Ada Lovelace', email: 'user@example.com' },
      items: [{ sku: 'BOOK-42', quantity: 1 }],
      shipping: 'standard',
      note: 'string',
    });
    expect(await page.inputValue('#op-placeOrder textarea')).toBe(JSON.stringify(example, null, 2));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows each response status with its schema and example, and the example body is accepted by the route', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}/docs`);
    await page.click('#op-placeOrder summary');
    expect(await wordsOf(page, '#op-placeOrder .fw-status-head')).toEqual([
      '201 The order was placed',
      '400 Invalid input',
      '409 Out of stock',
    ]);
    expect(await rowsOf(page, '#op-placeOrder .fw-status[data-status="201"] .fw-schema-table')).toEqual([
      ['0', 'id required', 'string (uuid)', ''],
      ['0', 'status required', 'string', 'one of: "pending", "paid", "shipped"'],
      ['0', 'total required', 'number', 'Sum in euros at least 0'],
      ['0', 'createdAt', 'string (date-time)', ''],
    ]);
    expect(JSON.parse(await page.innerText('#op-placeOrder .fw-status[data-status="201"] .fw-example-value'))).toEqual({
      id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      status: 'pending',
      total: 0,
      createdAt: '2024-05-01T12:00:00Z',
    });
    expect(await page.innerText('#op-placeOrder .fw-status[data-status="400"] .fw-example-value')).toContain('"code": "string"');
    await page.click('#op-placeOrder .fw-send');
    await page.waitForSelector('#op-placeOrder .fw-response[data-state="done"]');
    expect(await page.getAttribute('#op-placeOrder .fw-response', 'data-status')).toBe('201');
    expect(await page.textContent('#op-placeOrder .fw-response')).toContain('"total": 10');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows path and query parameters with types, rules and examples, then saves a screenshot', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}/docs`);
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.click('#op-listCustomerOrders summary');
    expect(await rowsOf(page, '#op-listCustomerOrders .fw-params-table')).toEqual([
      ['', 'customerId required', 'path', 'integer', 'Customer number at least 1', '1'],
      ['', 'status', 'query', 'string', 'one of: "pending", "paid", "shipped"', '"pending"'],
      ['', 'limit', 'query', 'integer', 'Page size 1 to 50 default 20', '20'],
      ['', 'since', 'query', 'string (date)', '', '"2024-05-01"'],
    ]);
    expect(await page.inputValue('#op-listCustomerOrders input[data-name="customerId"]')).toBe('1');
    expect(await page.getAttribute('#op-listCustomerOrders input[data-name="since"]', 'placeholder')).toBe('e.g. 2024-05-01');
    expect(await rowsOf(page, '#op-listCustomerOrders .fw-status[data-status="200"] .fw-schema-table')).toEqual([
      ['0', 'orders', 'array of object', ''],
      ['1', '└ id required', 'string (uuid)', ''],
      ['1', '└ status required', 'string', 'one of: "pending", "paid", "shipped"'],
      ['1', '└ total required', 'number', 'Sum in euros at least 0'],
      ['1', '└ createdAt', 'string (date-time)', ''],
    ]);
    expect(await page.innerText('#op-listCustomerOrders .fw-status[data-status="404"]')).toContain('No such customer');
    expect(await page.$$eval('#op-listCustomerOrders .fw-status[data-status="404"] .fw-prop-description', (nodes) => nodes.length)).toBe(0);

    await page.click('#op-placeOrder summary');
    mkdirSync(outDir, { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: true });
    expect(readFileSync(screenshot).subarray(1, 4).toString()).toBe('PNG');
    expect(problems).toEqual([]);
    await page.close();
  });
});
