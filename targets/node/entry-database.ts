/**
 * The db module for the `database` service of `fw`'s Node and Bun entries, so that `app.db` of a plain `database`
 * config works where fw runs installed. A bundle leaves it out unless the app names a database: `bundleConfig()`
 * defines `FW_BUNDLE_DATABASE` as false (the bundler then drops the import), and `fw build` replaces this module
 * with one that exports `createDatabase` or null (cli/src/bundle-database.ts).
 */
import { createDatabase } from '../../src/db/database';

declare const FW_BUNDLE_DATABASE: boolean | undefined;

/** Makes `app.db` of a plain `database` config, or null in a bundle that holds no db module. */
export const databaseFactory: typeof createDatabase | null =
  typeof FW_BUNDLE_DATABASE === 'boolean' && !FW_BUNDLE_DATABASE ? null : createDatabase;
