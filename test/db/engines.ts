/** Isolated databases for tests: a temp sqlite file, a fresh postgres schema, a fresh MariaDB database; each cleans up. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from 'fw';
import type { DatabaseConfig, DatabaseType } from '../../src/db/types';
import { MYSQL_URL, POSTGRES_URL, requireService, uniqueName } from './services';

/** A database made for one test file, and how to remove it. */
export interface TestDatabase {
  type: DatabaseType;
  config: DatabaseConfig;
  db: Database;
  /** Another Database on the same data (a second app instance). */
  open(extra?: Partial<DatabaseConfig>): Database;
  cleanup(): Promise<void>;
}

/** Makes an isolated database of the given engine; `extra` is merged into its config. */
export async function makeTestDatabase(type: 'sqlite' | 'postgres' | 'mysql', extra: Partial<DatabaseConfig> = {}): Promise<TestDatabase> {
  const opened: Database[] = [];
  const open =
    (config: DatabaseConfig) =>
    (more: Partial<DatabaseConfig> = {}) => {
      const db = new Database({ ...config, ...more });
      opened.push(db);
      return db;
    };
  const closeAll = async () => {
    for (const db of opened) await db.close();
  };

  if (type === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'fw-db-'));
    const config: DatabaseConfig = { url: `file:${join(dir, 'test.db')}`, ...extra };
    return {
      type,
      config,
      db: open(config)(),
      open: open(config),
      cleanup: async () => {
        await closeAll();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  if (type === 'postgres') {
    await requireService('PostgreSQL', POSTGRES_URL, 5432);
    const schema = uniqueName('fwt');
    const admin = new Database({ url: POSTGRES_URL });
    await admin.execute(`CREATE SCHEMA ${schema}`);
    const config: DatabaseConfig = { url: POSTGRES_URL, schema, ...extra };
    return {
      type,
      config,
      db: open(config)(),
      open: open(config),
      cleanup: async () => {
        await closeAll();
        await admin.execute(`DROP SCHEMA ${schema} CASCADE`);
        await admin.close();
      },
    };
  }
  await requireService('MariaDB', MYSQL_URL, 3306);
  const name = uniqueName('fwt');
  const admin = new Database({ url: MYSQL_URL });
  await admin.execute(`CREATE DATABASE ${name}`);
  const url = new URL(MYSQL_URL);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { url: url.toString(), ...extra };
  return {
    type,
    config,
    db: open(config)(),
    open: open(config),
    cleanup: async () => {
      await closeAll();
      await admin.execute(`DROP DATABASE ${name}`);
      await admin.close();
    },
  };
}
