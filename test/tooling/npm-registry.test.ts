import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkForUpdates, fetchLatestVersion, upgradeProject } from '../../cli/tooling';

describe('npm registry checks against a local registry on 127.0.0.1', () => {
  let server: Server;
  let registry: string;
  let root: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      const tags: Record<string, unknown> = {
        '/-/package/fw/dist-tags': { latest: '2.1.0', next: '3.0.0-rc.1' },
        '/-/package/fw-mcp/dist-tags': { latest: '1.4.3' },
        '/-/package/@scope%2fpkg/dist-tags': { latest: '0.2.0' },
        '/-/package/broken/dist-tags': 'not json',
        '/-/package/untagged/dist-tags': { beta: '1.0.0' },
      };
      if (req.url === '/-/package/down/dist-tags') return res.writeHead(503).end();
      if (req.url === '/-/package/slow/dist-tags') return;
      const body = tags[req.url ?? ''];
      if (body === undefined) return res.writeHead(404).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    root = await mkdtemp(join(tmpdir(), 'fw-upgrade-'));
    await writeFile(
      join(root, 'package.json'),
      `${JSON.stringify({ name: 'app', dependencies: { fw: '^1.4.0', other: '1.0.0' }, devDependencies: { 'fw-mcp': '~1.4.3' } }, null, 4)}\n`,
    );
    await mkdir(join(root, 'node_modules/fw'), { recursive: true });
    await writeFile(join(root, 'node_modules/fw/package.json'), JSON.stringify({ version: '1.4.2' }));
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await rm(root, { recursive: true, force: true });
  });

  it('fetchLatestVersion reads the latest dist-tag (scoped names encoded)', async () => {
    expect(await fetchLatestVersion('fw', { registry })).toBe('2.1.0');
    expect(await fetchLatestVersion('@scope/pkg', { registry: `${registry}/` })).toBe('0.2.0');
    expect(seen).toContain('/-/package/@scope%2fpkg/dist-tags');
  });

  it.each([
    ['nope', /the package is not on the registry/],
    ['down', /the registry answered 503/],
    ['broken', /has no latest version/],
    ['untagged', /has no latest version/],
    ['slow', /did not answer \(timed out\)/],
    ['bad name!', /is not a package name/],
  ])('fetchLatestVersion(%s) fails clearly', async (name, message) => {
    await expect(fetchLatestVersion(name, { registry, timeoutMs: 200 })).rejects.toThrow(message);
  });

  it('checkForUpdates compares installed (or range) versions with the latest', async () => {
    expect(await checkForUpdates(root, { registry })).toEqual([
      { name: 'fw', range: '^1.4.0', current: '1.4.2', latest: '2.1.0', update: 'major' },
      { name: 'fw-mcp', range: '~1.4.3', current: '1.4.3', latest: '1.4.3', update: null },
    ]);
    await expect(checkForUpdates(join(root, 'missing'), { registry })).rejects.toThrow(/no package.json at/);
  });

  it('upgradeProject rewrites outdated ranges (keeping the file indentation), or only reports with dryRun', async () => {
    expect((await upgradeProject(root, { registry, dryRun: true })).map((u) => u.name)).toEqual(['fw']);
    expect(JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).dependencies.fw).toBe('^1.4.0');
    await upgradeProject(root, { registry });
    const text = await readFile(join(root, 'package.json'), 'utf8');
    expect(JSON.parse(text)).toEqual({
      name: 'app',
      dependencies: { fw: '^2.1.0', other: '1.0.0' },
      devDependencies: { 'fw-mcp': '~1.4.3' },
    });
    expect(text).toContain('\n    "name"');
  });
});
