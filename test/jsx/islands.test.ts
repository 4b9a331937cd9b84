import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw, htmlSafeJSON, Island, jsx, PageProps, renderToString } from 'fw';
import { serve, type NodeServer } from 'fw/node';

const counter = (start: number) =>
  jsx(Island, { name: 'counter', props: { start }, children: jsx('button', { children: `count ${start}` }) });

function page(): ReturnType<typeof jsx> {
  return jsx('html', {
    children: [
      jsx('head', { children: jsx(PageProps, { props: { title: '</script><b>"x"' } }) }),
      jsx('body', {
        children: [counter(1), counter(10), jsx(Island, { name: 'ghost', children: 'boo' }), jsx('script', { src: '/client.js' })],
      }),
    ],
  });
}

describe('islands on the server', () => {
  it('marks islands and embeds page props as HTML-safe JSON', async () => {
    expect(await renderToString(counter(3))).toBe(
      '<fw-island data-island="counter" data-props="{&quot;start&quot;:3}"><button>count 3</button></fw-island>',
    );
    expect(await renderToString(jsx(PageProps, { props: { t: '</script>' } }))).toBe(
      '<script type="application/json" id="__FW_PAGE_PROPS__">{"t":"\\u003c/script\\u003e"}</script>',
    );
    expect(JSON.parse(htmlSafeJSON({ a: '<&>\u2028' }))).toEqual({ a: '<&>\u2028' });
    expect(() => jsx(Island, { name: 'bad name"' }).type).not.toThrow();
    await expect(renderToString(jsx(Island, { name: 'bad name"' }))).rejects.toThrow(/Island: name must be/);
  });
});

describe('hydrateIslands and getPageProps in headless Chromium', () => {
  let server: NodeServer;
  let browser: Browser;

  beforeAll(async () => {
    const bundle = await build({
      entryPoints: [new URL('./fixtures/client.ts', import.meta.url).pathname],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const app = new Fw();
    app.get('/', async (ctx) => ctx.html(`<!doctype html>${await renderToString(page())}`));
    app.get('/client.js', () => new Response(bundle.outputFiles[0].text, { headers: { 'content-type': 'text/javascript' } }));
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

  it('runs each island client once with its props, reports unknown islands, reads page props', async () => {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto(server.url);
    await tab.waitForFunction(() => document.body.dataset.hydrated !== undefined);
    expect(await tab.evaluate(() => ({ ...document.body.dataset }))).toEqual({
      hydrated: '2',
      again: '0',
      missing: 'ghost',
      title: '</script><b>"x"',
    });
    const buttons = tab.locator('fw-island[data-island="counter"] button');
    await buttons.nth(1).click();
    await buttons.nth(1).click();
    await buttons.nth(0).click();
    expect(await buttons.allTextContents()).toEqual(['count 2', 'count 12']);
    expect(errors).toEqual([]);
  });
});
