/** `fw migrate up|down|status|repair|new|seed`: database migrations through the Migrator of src/db (targets/node/db-cli.ts). */
import { resolve } from 'node:path';
import type { Database, DatabaseConfig, Fw } from 'fw';
import { runDbCommand } from 'fw/node';
import { CliUsageError, type CliIO } from '../io';
import { suggest } from '../args';
import { findApp } from '../find-app';
import { loadApp } from '../load-app';
import type { Command } from '../command';

const actions = ['up', 'down', 'status', 'repair', 'new', 'seed'];

/** The app of `--app`, else the one `findApp` finds (as `fw routes` and `fw doctor` do), or null when there is none. */
async function projectApp(explicit: unknown, io: CliIO): Promise<Fw | null> {
  if (typeof explicit === 'string') return loadApp(explicit, io.cwd);
  return (await findApp(io.cwd)).found?.app ?? null;
}

/**
 * The app's `database` option with its relative folders and files read from the project folder: a plain config's
 * `migrationsDir` (default `migrations`) and `seedFile`; a `Database` as it is.
 */
function fromProject(database: Database | DatabaseConfig, cwd: string): Database | DatabaseConfig {
  if (typeof (database as Database).query === 'function') return database;
  const config = database as DatabaseConfig;
  return {
    ...config,
    ...(config.migrations === undefined ? { migrationsDir: resolve(cwd, config.migrationsDir ?? 'migrations') } : {}),
    ...(config.seedFile && config.migrations === undefined ? { seedFile: resolve(cwd, config.seedFile) } : {}),
  };
}

/** Runs one migration action on `--url`, else the project app's database, else $DATABASE_URL; the work is `runDbCommand`'s. */
export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'database migrations: up, down, status, repair, new <name>, seed <file>',
  usage: `Usage: fw migrate <up|down|status|repair|new <name>|seed <file>> [options]
  repair                  after a migration failed or was interrupted on MySQL/MariaDB and you fixed the database
                          by hand: forget its entry so the next up runs it again
  --url <database url>    the database (default: the app's \`database\` option, found as fw routes finds the app,
                          else $DATABASE_URL; postgres://, mysql://, sqlite:)
  --app <file>            the module that exports the app (default: found as fw routes and fw doctor find it)
  --dir <folder>          migrations folder (default: the app's migrations or migrationsDir, else ./migrations)
  --schema <name>         PostgreSQL schema (default: the app's)`,
  flags: { url: { type: 'string' }, app: { type: 'string' }, dir: { type: 'string' }, schema: { type: 'string' } },
  async run({ flags, positionals }, io) {
    const [action, ...rest] = positionals;
    if (!action)
      throw new CliUsageError('fw migrate: name an action: up, down, status, repair, new <name> or seed <file> (see fw migrate --help)');
    if (!actions.includes(action)) {
      const hint = suggest(action, actions);
      throw new CliUsageError(
        `fw migrate: unknown action "${action}"${hint ? `; did you mean ${hint}?` : ''} (up, down, status, repair, new, seed)`,
      );
    }
    const argv = [action, ...rest];
    for (const name of ['url', 'schema']) if (typeof flags[name] === 'string') argv.push(`--${name}`, flags[name] as string);
    const app = action === 'new' || typeof flags.url === 'string' ? null : await projectApp(flags.app, io);
    const database = app?.config.database ? fromProject(app.config.database, io.cwd) : undefined;
    if (action !== 'new' && typeof flags.url !== 'string' && database === undefined && !io.env.DATABASE_URL) {
      await app?.stop();
      const which = app ? 'the app has no `database` option' : 'no app module was found';
      throw new CliUsageError(
        `fw migrate ${action}: no database (${which}): pass --url, set DATABASE_URL, or give the app a \`database\` option`,
      );
    }
    if (typeof flags.dir === 'string' || database === undefined)
      argv.push('--dir', resolve(io.cwd, typeof flags.dir === 'string' ? flags.dir : 'migrations'));
    try {
      return await runDbCommand(argv, { out: io.out, err: io.err, env: io.env, database });
    } finally {
      await app?.stop();
    }
  },
};
