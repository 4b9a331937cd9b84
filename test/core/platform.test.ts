/**
 * The platform services of an app: `fw`'s Node entry presets Node's on its apps (each loads and does its work,
 * listen() finds fw/node by name); an app without a service gets, from each caller, a message that says what to
 * pass instead; a failing loader is named; services belong to the app, never to the process.
 */
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Fw as CoreFw } from 'fw/core';
import { Fw, hasPlatform, platform, type Platform, type PlatformServices } from 'fw';
import { nodePlatform, nodeServices } from 'fw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeEntryPlatform } from '../../targets/node/platform';
import { loadDriver } from '../../src/db/driver';
import { platformFiles } from '../../src/db/platform-files';
import { fromFileRoutes } from '../../src/file-routes/from-file-routes';
import { LifecycleManager, lifecycle } from '../../src/lifecycle';
import { platformSource } from '../../src/static/platform-source';
import { lazyLocalStorage } from '../../src/upload/local-storage';
import { s3Storage } from '../../src/upload/s3-storage';
import { startWorkspaceDev } from '../../src/workspace';

/** An app (a context's `app`) holding only `services`. */
const holding = (services?: Platform) => ({ platform: services });
/** A context whose app holds `services`, as uploads receive it. */
const ctxOf = (services?: Platform) => ({ app: holding(services) }) as never;

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

describe("the Node entry's apps have every service", () => {
  it('an app of fw has them all, a fw/core app none', () => {
    const app = new Fw();
    expect(app.platform).toBe(nodeEntryPlatform);
    expect(services.filter((name) => !hasPlatform(app, name))).toEqual([]);
    expect(services.filter((name) => hasPlatform(new CoreFw(), name))).toEqual([]);
  });

  it('loads each one, and each does its work', async () => {
    const app = new Fw();
    expect(typeof (await platform(app, 'adapter', 'no adapter')).listen).toBe('function');
    expect(await (await platform(app, 'importModule', 'no imports'))('node:path')).toHaveProperty('join');
    const manifest = await (await platform(app, 'loadFileRoutes', 'no routes'))(`${fixtures}file-routes/fixtures/routes`);
    expect(Object.keys(manifest)).toContain('users/[id].put.ts');
    const source = (await platform(app, 'fileSource', 'no files'))(`${fixtures}static/fixtures`);
    expect((await source.stat('bun-static.ts'))?.size).toBeGreaterThan(0);
    const stored = await (await platform(app, 'uploadStorage', 'no uploads'))(dir).put(
      'a.txt',
      new TextEncoder().encode('hi'),
      'text/plain',
      null as never,
    );
    expect(await fs.readFile(stored, 'utf8')).toBe('hi');
    const files = await platform(app, 'migrationFiles', 'no migrations');
    const migrations = files.migrationsFromDir(`${fixtures}fixtures/db/migrations`);
    expect(Object.keys(typeof migrations === 'function' ? await migrations() : migrations)).toContain('001_create_users.sql');
    expect(await files.readSeedFile(`${fixtures}fixtures/db/seed.sql`)).toMatch(/\S/);
    const before = process.listenerCount('SIGTERM');
    const uninstall = (await platform(app, 'signalHandlers', 'no signals'))(new LifecycleManager());
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    uninstall();
    expect(process.listenerCount('SIGTERM')).toBe(before);
    expect(typeof (await platform(app, 'database', 'no database'))).toBe('function');
  });

  it("an app's own platform option wins over the entry's, and fw/node exports Node's services to give", () => {
    const own: Platform = { importModule: nodeServices.importModule };
    const app = new Fw({ platform: own });
    expect(app.platform).toBe(own);
    expect(hasPlatform(app, 'fileSource')).toBe(false);
    expect(hasPlatform({ platform: nodePlatform }, 'adapter')).toBe(true);
    expect(() => new Fw({ platform: 'node' as never })).toThrow(/`platform` must be an object of platform services/);
  });
});

describe("listen() on the Node entry's adapter", () => {
  it('new Fw().listen() serves through node() of fw/node, imported by name on first use', async () => {
    const app = new Fw({ hostname: '127.0.0.1' }).get('/', 'up');
    const server = await app.listen(0);
    try {
      expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).text()).toBe('up');
    } finally {
      await app.stop();
    }
  });

  it('an app without the adapter service says what to pass', async () => {
    await expect(new Fw({ platform: nodeServices }).listen(0)).rejects.toThrow(/^listen\(\) needs an adapter.*fw\/node.*serve\(app\)/);
  });
});

const howToGive =
  /\(this app has no "\w+" platform service: an app made with new Fw\(\) from 'fw' on Node or Bun has it; give a fw\/core app Node's with installNodeServices\(app\)/;

describe('an app without the service: the caller says what to pass instead', () => {
  it('fromFileRoutes asks for a manifest', async () => {
    await expect(fromFileRoutes(new CoreFw())).rejects.toThrow(/^fromFileRoutes: this platform has no file system; pass \{ manifest \}/);
    await expect(fromFileRoutes(new CoreFw())).rejects.toThrow(howToGive);
  });

  it('staticFiles asks for ASSETS or a source', async () => {
    await expect(platformSource(holding(), dir)).rejects.toThrow(
      /^staticFiles: no file system here; on workers bind static assets as ASSETS, elsewhere pass \{ source \} \(/,
    );
  });

  it('local uploads ask for r2; the same storage on an app with the service works', async () => {
    const storage = lazyLocalStorage(dir);
    const put = (services?: Platform) => storage.put('b.txt', new TextEncoder().encode('b'), 'text/plain', ctxOf(services));
    await expect(put()).rejects.toThrow(
      /^upload: storage "local" needs a file system \(Node or Bun\); on workers use "r2" \(this app has no "uploadStorage"/,
    );
    expect(await put(nodeServices)).toBe(join(dir, 'b.txt'));
  });

  it('s3 uploads ask for r2 or a storage of your own', async () => {
    const storage = s3Storage({ bucket: 'b' });
    await expect(storage.put('k', new Uint8Array(1), 'text/plain', ctxOf())).rejects.toThrow(
      /^upload: storage "s3" imports @aws-sdk\/client-s3 at run time, which this platform cannot; on workers use "r2"/,
    );
  });

  it('a database driver by name asks for the driver module, with the DB_DRIVER_MISSING code', async () => {
    const error = (await loadDriver({}, 'postgres', 'postgres').catch((e: unknown) => e)) as Error & { code?: string };
    expect(error.code).toBe('DB_DRIVER_MISSING');
    expect(error.message).toMatch(/cannot import the "postgres" package on this platform .*pass it as `driver` in the database config/);
    const given = { given: true };
    expect(await loadDriver({}, 'postgres', 'postgres', given)).toBe(given);
  });

  it('migrations from a folder ask for a map, with the DB_NO_FILES code', async () => {
    const error = (await platformFiles({}).catch((e: unknown) => e)) as Error & { code?: string };
    expect(error.code).toBe('DB_NO_FILES');
    expect(error.message).toMatch(/^No file system to read migrations from here: pass `migrations` \(a map/);
  });

  it('lifecycle skips signals by default and refuses handleSignals: true', async () => {
    const before = process.listenerCount('SIGTERM');
    const app = new CoreFw();
    const quiet = lifecycle();
    await app.plugin(quiet);
    await quiet.onStart?.(app);
    expect(process.listenerCount('SIGTERM')).toBe(before);
    const strict = lifecycle({ handleSignals: true });
    await expect(Promise.resolve(strict.onStart?.(app))).rejects.toThrow(
      /^lifecycle: this platform has no process signals to shut down on; pass \{ handleSignals: false \} \(/,
    );
  });

  it('startWorkspaceDev (the neutral one) asks for an importer', async () => {
    await expect(startWorkspaceDev({ root: dir, fs, port: 0 })).rejects.toThrow(
      /^startWorkspaceDev: this platform cannot import entry files at run time; pass \{ importer \} \(/,
    );
  });

  it('app.db of a plain config on an app with no database service asks for createDatabase', () => {
    expect(() => new Fw({ platform: nodeServices, database: { url: ':memory:' } }).db).toThrow(
      /^app\.db: this app has no database module .*pass `database: createDatabase\(\{ \.\.\. \}\)`/,
    );
  });
});

describe('a loader that fails', () => {
  it('keeps the caller message and names the service and the cause; the next call tries again', async () => {
    let unplugged = true;
    const services: Platform = {
      fileSource: () => {
        if (unplugged) throw new Error('disk unplugged');
        return nodeServices.fileSource!();
      },
    };
    await expect(platformSource(holding(services), dir)).rejects.toThrow(
      /^staticFiles: no file system here; .* \(the platform service "fileSource" failed to load: disk unplugged\)$/,
    );
    unplugged = false;
    expect(typeof (await platformSource(holding(services), dir)).realpath).toBe('function');
  });
});
