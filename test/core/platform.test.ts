/**
 * The platform services of the Node entry (`fw` under Node): each one loads, a missing one says what to pass, a
 * failing loader is named, listen() finds fw/node by name. @isolated: it swaps the process's platform services.
 */
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Fw, hasPlatform, platform, providePlatform, withdrawPlatform, type PlatformServices } from 'fw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installNodeEntryPlatform } from '../../targets/node/platform';
import { loadDriver } from '../../src/db/driver';
import { platformFiles } from '../../src/db/platform-files';
import { fromFileRoutes } from '../../src/file-routes/from-file-routes';
import { LifecycleManager, lifecycle } from '../../src/lifecycle';
import { platformSource } from '../../src/static/platform-source';
import { lazyLocalStorage } from '../../src/upload/local-storage';
import { s3Storage } from '../../src/upload/s3-storage';
import { startWorkspaceDev } from '../../src/workspace';

const fixtures = fileURLToPath(new URL('../', import.meta.url));
const services: (keyof PlatformServices)[] = [
  'adapter',
  'importModule',
  'loadFileRoutes',
  'fileSource',
  'uploadStorage',
  'migrationFiles',
  'signalHandlers',
];

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(join(tmpdir(), 'fw-platform-'));
  await fs.mkdir(join(dir, 'apps/one'), { recursive: true });
  await fs.writeFile(join(dir, 'apps/one/index.mjs'), "export default (app) => { app.get('/', () => 'one'); };\n");
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

afterEach(() => {
  installNodeEntryPlatform();
});

describe('the Node entry provides every service', () => {
  it('registers them all', () => {
    expect(services.filter((name) => !hasPlatform(name))).toEqual([]);
  });

  it('loads each one, and each does its work', async () => {
    expect(typeof (await platform('adapter', 'no adapter')).listen).toBe('function');
    expect(await (await platform('importModule', 'no imports'))('node:path')).toHaveProperty('join');
    const manifest = await (await platform('loadFileRoutes', 'no routes'))(`${fixtures}file-routes/fixtures/routes`);
    expect(Object.keys(manifest)).toContain('users/[id].put.ts');
    const source = (await platform('fileSource', 'no files'))(`${fixtures}static/fixtures`);
    expect((await source.stat('bun-static.ts'))?.size).toBeGreaterThan(0);
    const stored = await (await platform('uploadStorage', 'no uploads'))(dir).put(
      'a.txt',
      new TextEncoder().encode('hi'),
      'text/plain',
      null as never,
    );
    expect(await fs.readFile(stored, 'utf8')).toBe('hi');
    const files = await platform('migrationFiles', 'no migrations');
    const migrations = files.migrationsFromDir(`${fixtures}fixtures/db/migrations`);
    expect(Object.keys(typeof migrations === 'function' ? await migrations() : migrations)).toContain('001_create_users.sql');
    expect(await files.readSeedFile(`${fixtures}fixtures/db/seed.sql`)).toMatch(/\S/);
    const before = process.listenerCount('SIGTERM');
    const uninstall = (await platform('signalHandlers', 'no signals'))(new LifecycleManager());
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    uninstall();
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});

describe("listen() on the Node entry's adapter", () => {
  it('new Fw().listen() serves through node() of fw/node, imported by name on first use', async () => {
    withdrawPlatform('adapter');
    installNodeEntryPlatform();
    const app = new Fw({ hostname: '127.0.0.1' }).get('/', 'up');
    const server = await app.listen(0);
    try {
      expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).text()).toBe('up');
    } finally {
      await app.stop();
    }
  });
});

describe('a platform without the service: the caller says what to pass instead', () => {
  it('fromFileRoutes asks for a manifest', async () => {
    withdrawPlatform('loadFileRoutes');
    await expect(fromFileRoutes(new Fw())).rejects.toThrow(/^fromFileRoutes: this platform has no file system; pass \{ manifest \}/);
  });

  it('staticFiles asks for ASSETS or a source', async () => {
    withdrawPlatform('fileSource');
    await expect(platformSource(dir)).rejects.toThrow(
      /^staticFiles: no file system here; on workers bind static assets as ASSETS, elsewhere pass \{ source \} \(/,
    );
  });

  it('local uploads ask for r2, and work again once the service is back', async () => {
    withdrawPlatform('uploadStorage');
    const storage = lazyLocalStorage(dir);
    const put = () => storage.put('b.txt', new TextEncoder().encode('b'), 'text/plain', null as never);
    await expect(put()).rejects.toThrow(
      /^upload: storage "local" needs a file system \(Node or Bun\); on workers use "r2" \(a fw\/core app on Lambda: call installNodeServices\(\) from 'fw\/lambda' first\)$/,
    );
    installNodeEntryPlatform();
    expect(await put()).toBe(join(dir, 'b.txt'));
  });

  it('s3 uploads ask for r2 or a storage of your own', async () => {
    withdrawPlatform('importModule');
    const storage = s3Storage({ bucket: 'b' });
    await expect(storage.put('k', new Uint8Array(1), 'text/plain', null as never)).rejects.toThrow(
      /^upload: storage "s3" imports @aws-sdk\/client-s3 at run time, which this platform cannot; on workers use "r2"/,
    );
  });

  it('a database driver by name asks for the driver module, with the DB_DRIVER_MISSING code', async () => {
    withdrawPlatform('importModule');
    const error = (await loadDriver('postgres', 'postgres').catch((e: unknown) => e)) as Error & { code?: string };
    expect(error.code).toBe('DB_DRIVER_MISSING');
    expect(error.message).toMatch(/cannot import the "postgres" package on this platform .*pass it as `driver` in the database config/);
    const given = { given: true };
    expect(await loadDriver('postgres', 'postgres', given)).toBe(given);
  });

  it('migrations from a folder ask for a map, with the DB_NO_FILES code', async () => {
    withdrawPlatform('migrationFiles');
    const error = (await platformFiles().catch((e: unknown) => e)) as Error & { code?: string };
    expect(error.code).toBe('DB_NO_FILES');
    expect(error.message).toMatch(/^No file system to read migrations from here: pass `migrations` \(a map/);
  });

  it('lifecycle skips signals by default and refuses handleSignals: true', async () => {
    withdrawPlatform('signalHandlers');
    const before = process.listenerCount('SIGTERM');
    const app = new Fw();
    const quiet = lifecycle();
    await app.plugin(quiet);
    await quiet.onStart?.(app);
    expect(process.listenerCount('SIGTERM')).toBe(before);
    const strict = lifecycle({ handleSignals: true });
    await expect(Promise.resolve(strict.onStart?.(app))).rejects.toThrow(
      /^lifecycle: this platform has no process signals to shut down on; pass \{ handleSignals: false \} \(/,
    );
  });

  it('startWorkspaceDev asks for an importer', async () => {
    withdrawPlatform('importModule');
    await expect(startWorkspaceDev({ root: dir, fs, port: 0 })).rejects.toThrow(
      /^startWorkspaceDev: this platform cannot import entry files at run time; pass \{ importer \} \(/,
    );
  });
});

describe('a loader that fails', () => {
  it('keeps the caller message and names the service and the cause; the next call tries again', async () => {
    providePlatform('fileSource', () => {
      throw new Error('disk unplugged');
    });
    await expect(platformSource(dir)).rejects.toThrow(
      /^staticFiles: no file system here; .* \(the platform service "fileSource" failed to load: disk unplugged\)$/,
    );
    installNodeEntryPlatform();
    expect(typeof (await platformSource(dir)).realpath).toBe('function');
  });
});
