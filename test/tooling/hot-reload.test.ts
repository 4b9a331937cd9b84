import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw, connectHMR } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { HotReloader } from '../../cli/tooling';

describe('HotReloader and connectHMR (headless Chromium)', () => {
  const reloader = new HotReloader();
  let server: NodeServer;
  let browser: Browser;
  let loads = 0;

  beforeAll(async () => {
    const port = await reloader.start();
    const client = await build({
      stdin: {
        contents: `import { connectHMR } from './src/jsx/hmr-client';\nconnectHMR(${port});\n`,
        resolveDir: new URL('../../', import.meta.url).pathname,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const app = new Fw();
    app.get('/', (ctx) => ctx.html(`<!doctype html><p id="n">${++loads}</p><script type="module" src="/hmr.js"></script>`));
    app.get('/hmr.js', () => new Response(client.outputFiles[0].text, { headers: { 'content-type': 'text/javascript' } }));
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
    await reloader.stop();
  });

  it('reloads the connected page on trigger and keeps the module list', async () => {
    const tab = await browser.newPage();
    await tab.goto(server.url);
    expect(await tab.locator('#n').textContent()).toBe('1');
    await expect.poll(() => reloader.connections, { timeout: 20_000 }).toBe(1);
    const reloaded = tab.waitForEvent('load');
    expect(reloader.trigger('src/app.ts')).toBe(1);
    await reloaded;
    expect(await tab.locator('#n').textContent()).toBe('2');
    reloader.trigger('src/a.ts');
    reloader.trigger('src/app.ts');
    expect(reloader.modules).toEqual(['src/a.ts', 'src/app.ts']);
  });

  it('answers 404 off the stream path and rejects bad ports', async () => {
    const res = await fetch(`http://127.0.0.1:${reloader.port}/other`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('/__fw/hmr');
    expect(() => connectHMR(0)).toThrow(/is not a port/);
    expect(() => connectHMR(70000)).toThrow(/is not a port/);
  });
});
