import * as fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanWorkspace, startWorkspaceDev } from 'fw';

describe('scanWorkspace and startWorkspaceDev (real folders)', () => {
  const root = mkdtempSync(join(tmpdir(), 'fw-ws-'));
  let stop: (() => Promise<unknown>) | null = null;

  beforeAll(async () => {
    await fs.mkdir(join(root, 'apps/blog/src'), { recursive: true });
    await fs.mkdir(join(root, 'apps/shop'), { recursive: true });
    await fs.mkdir(join(root, 'apps/_draft'), { recursive: true });
    await fs.mkdir(join(root, 'apps/empty'), { recursive: true });
    await fs.writeFile(
      join(root, 'apps/blog/src/index.js'),
      "export default (app, { name }) => { app.get('/', () => ({ app: name })); };\n",
    );
    await fs.writeFile(join(root, 'apps/shop/index.mjs'), "export function setup(app) { app.get('/items', () => [1, 2]); }\n");
    await fs.writeFile(join(root, 'apps/shop/fw.app.json'), '{ "prefix": "/store" }');
    await fs.writeFile(join(root, 'apps/_draft/index.js'), 'export default () => {};\n');
  });
  afterAll(async () => {
    await stop?.();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('finds app folders with an entry, skips _ and empty folders, reads fw.app.json', async () => {
    expect(await scanWorkspace(root, fs)).toEqual([
      { name: 'blog', dir: `${root}/apps/blog`, entry: `${root}/apps/blog/src/index.js`, prefix: '/blog' },
      { name: 'shop', dir: `${root}/apps/shop`, entry: `${root}/apps/shop/index.mjs`, prefix: '/store' },
    ]);
  });

  it('starts every app on one server', async () => {
    const { workspace, server, apps } = await startWorkspaceDev({ root, fs, port: 0 });
    stop = () => workspace.stop();
    expect(apps).toHaveLength(2);
    const base = `http://127.0.0.1:${server.port}`;
    expect(await (await fetch(`${base}/blog`)).json()).toEqual({ app: 'blog' });
    expect(await (await fetch(`${base}/store/items`)).json()).toEqual([1, 2]);
  });

  it('bad folders and configs are clear errors', async () => {
    await expect(scanWorkspace(join(root, 'missing'), fs)).rejects.toThrow(/cannot read .*missing\/apps/);
    await expect(scanWorkspace(root, {} as never)).rejects.toThrow(/pass node:fs\/promises/);
    await expect(startWorkspaceDev({ root: 'relative', fs })).rejects.toThrow(/absolute "root"/);
    await fs.writeFile(join(root, 'apps/empty/index.js'), 'export const nothing = 1;\n');
    await fs.writeFile(join(root, 'apps/empty/fw.app.json'), '{ broken');
    await expect(scanWorkspace(root, fs)).rejects.toThrow(/fw.app.json is not valid JSON/);
    await fs.writeFile(join(root, 'apps/empty/fw.app.json'), '{ "prefix": "/empty" }');
    await expect(startWorkspaceDev({ root, fs, port: 0 })).rejects.toThrow(/must export an fw app/);
  });
});
