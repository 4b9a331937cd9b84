import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw, jsx, renderToStream, Suspense } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { deferred, Page, Slow } from './fixtures/page';

async function reader(stream: ReadableStream<Uint8Array>) {
  const r = stream.getReader();
  const decoder = new TextDecoder();
  return async (): Promise<string | null> => {
    const { done, value } = await r.read();
    return done ? null : decoder.decode(value);
  };
}

describe('renderToStream', () => {
  it('sends the shell with the fallback before the Suspense content, then the content with a swap script', async () => {
    const slow = deferred<string>();
    const next = await reader(renderToStream(Page({ user: 'Ada', items: ['x'], slow: slow.promise }), { nonce: 'n"1' }));
    const shell = await next();
    expect(shell).toContain('<template id="fw-s-0"></template><p id="loading">loading…</p><!--/fw-s-0-->');
    expect(shell).toMatch(/<footer style="font-size:12;--accent:red;">end<\/footer><\/body><\/html>$/);
    expect(shell).not.toContain('class="slow"');
    expect(await next()).toMatch(/^<script nonce="n&quot;1">function __fwSwap/);
    slow.resolve('<late>');
    expect(await next()).toBe(
      '<template id="fw-r-0"><p class="slow">&lt;late&gt;</p></template><script nonce="n&quot;1">__fwSwap(0)</script>',
    );
    expect(await next()).toBeNull();
  });

  it('streams async parts outside Suspense in order, as each resolves', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const next = await reader(
      renderToStream(jsx('div', { children: ['a', jsx(Slow, { value: first.promise }), 'b', jsx(Slow, { value: second.promise }), 'c'] })),
    );
    expect(await next()).toBe('<div>a');
    second.resolve('2');
    first.resolve('1');
    expect(await next()).toBe('<p class="slow">1</p>b');
    expect(await next()).toBe('<p class="slow">2</p>c</div>');
    expect(await next()).toBeNull();
  });

  it('sends boundaries in the order they resolve, inlines synchronous ones, and keeps the fallback of a failed one', async () => {
    const a = deferred<string>();
    const b = deferred<string>();
    const errors: unknown[] = [];
    const tree = jsx('main', {
      children: [
        jsx(Suspense, { fallback: 'A…', children: jsx(Slow, { value: a.promise }) }),
        jsx(Suspense, { fallback: 'B…', children: jsx(Slow, { value: b.promise }) }),
        jsx(Suspense, { fallback: 'never shown', children: jsx('em', { children: 'now' }) }),
      ],
    });
    const next = await reader(renderToStream(tree, { onError: (e) => errors.push(e) }));
    expect(await next()).toBe(
      '<main><template id="fw-s-0"></template>A…<!--/fw-s-0--><template id="fw-s-1"></template>B…<!--/fw-s-1--><em>now</em></main>',
    );
    expect(await next()).toMatch(/^<script>function __fwSwap/);
    b.resolve('bee');
    expect(await next()).toContain('<template id="fw-r-1"><p class="slow">bee</p></template>');
    a.reject(new Error('a failed'));
    expect(await next()).toBeNull();
    expect(errors).toEqual([new Error('a failed')]);
  });

  it('errors the stream when the shell fails, and rejects bad trees', async () => {
    const Broken = async () => {
      throw new Error('shell failed');
    };
    const errors: unknown[] = [];
    const next = await reader(renderToStream(jsx('div', { children: ['x', jsx(Broken, {})] }), { onError: (e) => errors.push(e) }));
    expect(await next()).toBe('<div>x');
    await expect(next()).rejects.toThrow('shell failed');
    expect(errors).toHaveLength(1);
    const bad = await reader(renderToStream(jsx('p', { children: { no: 1 } })));
    await expect(bad()).rejects.toThrow(/cannot render a plain object/);
  });
});

describe('streamed Suspense in headless Chromium (served by fw/node)', () => {
  let server: NodeServer;
  let browser: Browser;
  const gate = deferred<string>();

  beforeAll(async () => {
    const app = new Fw();
    app.get(
      '/page',
      () =>
        new Response(renderToStream(Page({ user: 'Ada', items: ['one', 'two'], slow: gate.promise })), {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
    );
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
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
  });

  it('shows the fallback first, then swaps the content in place', async () => {
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const loaded = page.goto(`${server.url}/page`, { waitUntil: 'commit' });
    await loaded;
    await page.waitForSelector('#loading');
    expect(await page.locator('h2').textContent()).toBe('Ada');
    gate.resolve('arrived');
    await page.waitForSelector('p.slow');
    expect(await page.locator('p.slow').textContent()).toBe('arrived');
    expect(await page.locator('#loading').count()).toBe(0);
    expect(await page.locator('template').count()).toBe(0);
    const order = await page.evaluate(() => [...document.body.children].map((e) => e.tagName.toLowerCase()).filter((t) => t !== 'script'));
    expect(order).toEqual(['section', 'p', 'footer']);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
  });
});
