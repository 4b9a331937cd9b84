import { SystemError } from '../../core/errors';
import { loadDriver } from '../driver';
import type { DatabaseConfig } from '../types';
import type { SqliteDriver } from './sqlite-types';
import { openWasmSqlite, type WasmConstructor } from './sqlite-wasm';

type Constructor = new (path: string, options?: Record<string, unknown>) => SqliteDriver;
/** A driver module: better-sqlite3 (a function, or its namespace), bun:sqlite, node:sqlite or node-sqlite3-wasm. */
type SqliteModule = {
  default?: SqliteModule & Constructor;
  Database?: Constructor;
  DatabaseSync?: Constructor;
  SQLite3Error?: unknown;
};

/** The drivers tried on Node, in order: built into the runtime, then native, then WebAssembly (no build step). */
export const nodeSqliteDrivers = ['node:sqlite', 'better-sqlite3', 'node-sqlite3-wasm'] as const;

/** An open sqlite connection: the interface fw uses, and the driver's own object (`db.raw`). */
export interface OpenedSqlite {
  driver: SqliteDriver;
  raw: unknown;
  name: string;
}

/**
 * Opens `path` with `config.driver` (a module the app imported, or a package name) or else the first driver that
 * loads: `bun:sqlite` on Bun; on Node `node:sqlite` (Node >= 22.5), `better-sqlite3`, then `node-sqlite3-wasm`.
 */
export async function openSqliteDriver(config: DatabaseConfig, path: string): Promise<OpenedSqlite> {
  const { mod, name } = await loadSqliteModule(config, config.driver);
  const timeout = config.busyTimeout ?? 5000;
  const wasm = mod.SQLite3Error ?? mod.default?.SQLite3Error;
  if (wasm) {
    const Driver = (mod.Database ?? mod.default?.Database) as unknown as WasmConstructor;
    const driver = openWasmSqlite(Driver, path, { ...config.driverOptions });
    return { driver, raw: driver.raw, name };
  }
  const sync = mod.DatabaseSync ?? mod.default?.DatabaseSync;
  const Driver = sync ?? (typeof mod === 'function' ? (mod as Constructor) : (mod.Database ?? mod.default))!;
  const options = name === 'bun:sqlite' ? { create: true } : sync ? {} : { timeout };
  const driver = new Driver(path, { ...options, ...config.driverOptions });
  return { driver, raw: driver, name };
}

async function loadSqliteModule(config: DatabaseConfig, given: unknown): Promise<{ mod: SqliteModule; name: string }> {
  if (typeof given === 'string') return { mod: await loadDriver<SqliteModule>(config, given, 'sqlite'), name: given };
  if (given !== undefined && given !== null) return { mod: given as SqliteModule, name: 'driver' };
  if (typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined') {
    return { mod: await loadDriver<SqliteModule>(config, 'bun:sqlite', 'sqlite'), name: 'bun:sqlite' };
  }
  const failures: unknown[] = [];
  for (const name of nodeSqliteDrivers) {
    try {
      return { mod: await loadDriver<SqliteModule>(config, name, 'sqlite'), name };
    } catch (error) {
      failures.push(error);
    }
  }
  throw new SystemError(
    `The sqlite engine needs a driver: Node >= 22.5 (node:sqlite), or one of the packages better-sqlite3 or node-sqlite3-wasm (npm install node-sqlite3-wasm), and none could be loaded`,
    {
      errorId: crypto.randomUUID(),
      code: 'DB_DRIVER_MISSING',
      details: { engine: 'sqlite', code: 'DB_DRIVER_MISSING', package: 'node-sqlite3-wasm' },
      cause: failures.at(-1),
    },
  );
}
