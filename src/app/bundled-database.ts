/**
 * The database module a bundle holds for `app.db` of a plain `database` config: none here, so an app without a
 * database bundles no db code. `fw build` replaces this module in a bundle whose app names a `database` option with
 * one that exports `createDatabase` (cli/src/bundle-database.ts); the Node and Bun entries give their apps the
 * `database` platform service instead. A build-time constant, the same for every app of the bundle, set by no import.
 */
import type { Database } from '../db/database';
import type { DatabaseConfig } from '../db/types';

/** Makes a Database of a plain config where the bundle holds the db module, else null. */
export const bundledDatabase: ((config: DatabaseConfig) => Database) | null = null;
