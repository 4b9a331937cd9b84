import { Database } from '../../src/db/database';
import { nodeServices } from './platform-services';
import type { MigrationStatus } from '../../src/db/migrations/migrator';
import type { DatabaseConfig } from '../../src/db/types';
import { createMigrationFile, migrationsFromDir, readSeedFile } from './db-migrations-fs';

/** Where a db command writes its lines (the `fw` CLI passes its own; tests collect them). */
export interface DbCommandIO {
  out(line: string): void;
  err(line: string): void;
  env?: Record<string, string | undefined>;
  /**
   * The app's own database (its `database` option: a config or a `Database`), used when no `--url` is given, with its
   * migrations (`migrations` or `migrationsDir`) unless `--dir` names a folder. Without it, `$DATABASE_URL`.
   */
  database?: Database | DatabaseConfig;
}

const usage = `Usage: db <command> [options]
  new <name>   create the next numbered migration file (NNN_<name>.sql) in --dir
  up           apply pending migrations
  down         roll back the latest applied migration
  status       list migrations and when each was applied ([!] marks one that failed or was interrupted)
  repair       forget failed or interrupted migrations (after fixing the database by hand) so up runs them again
  seed <file>  run a seed SQL file once
Options: --url <database url> (default $DATABASE_URL), --dir <migrations folder> (default ./migrations), --schema <postgres schema>`;

/**
 * Runs one database command (`new`, `up`, `down`, `status`, `repair`, `seed`) for the `fw` CLI or `tsx targets/node/db-command.ts`;
 * returns the exit code: 0 done, 1 failed (the reason is written to `err`), 2 bad usage.
 */
export async function runDbCommand(argv: string[], io: DbCommandIO = consoleIO()): Promise<number> {
  const { positional, options, bad } = parseArgs(argv);
  const [command, arg] = positional;
  if (
    bad ||
    !command ||
    !['new', 'up', 'down', 'status', 'repair', 'seed'].includes(command) ||
    ((command === 'new' || command === 'seed') && !arg)
  ) {
    io.err(bad ? `${bad}\n${usage}` : usage);
    return 2;
  }
  const dir = options.dir ?? './migrations';
  try {
    if (command === 'new') {
      io.out(`created ${await createMigrationFile(dir, arg)}`);
      return 0;
    }
    const db = databaseOf(options, io);
    if (typeof db === 'string') {
      io.err(`db ${command} ${db}`);
      return 2;
    }
    const own = options.dir === undefined && !options.url && io.database !== undefined;
    try {
      const migrator = await db.migrator(own ? {} : { migrations: migrationsFromDir(dir) });
      if (command === 'up') {
        const { applied, skipped } = await migrator.up();
        for (const name of applied) io.out(`applied ${name}`);
        io.out(`${applied.length} applied, ${skipped} already applied`);
      } else if (command === 'down') {
        const result = await migrator.down();
        io.out(result ? `rolled back ${result.name}` : 'nothing to roll back');
      } else if (command === 'status') {
        for (const s of await migrator.status()) io.out(statusLine(s));
      } else if (command === 'repair') {
        const { removed } = await migrator.repair();
        for (const name of removed) io.out(`removed the unfinished entry of ${name}`);
        io.out(
          removed.length > 0
            ? `${removed.length} removed; the next up runs ${removed.length > 1 ? 'them' : 'it'} again`
            : 'nothing to repair',
        );
      } else {
        io.out(
          (await migrator.seed(arg.slice(arg.lastIndexOf('/') + 1), await readSeedFile(arg)))
            ? `seeded ${arg}`
            : `${arg} was already seeded`,
        );
      }
    } finally {
      await db.close();
    }
    return 0;
  } catch (error) {
    io.err(`db ${command} failed: ${(error as Error).message}`);
    return 1;
  }
}

/**
 * The database a command works on: `--url`, else the app's (`io.database`, its schema replaced by `--schema`), else
 * `$DATABASE_URL`; a string saying what to pass when there is none.
 */
function databaseOf(options: Record<string, string>, io: DbCommandIO): Database | string {
  const schema = { platform: nodeServices, ...(options.schema ? { schema: options.schema } : {}) };
  if (options.url) return new Database({ url: options.url, ...schema });
  const given = io.database;
  if (given instanceof Database) {
    if (options.schema) return `cannot change the schema of the app's Database (made with createDatabase): pass --url with --schema`;
    return given;
  }
  if (given)
    return new Database({
      ...schema,
      ...given,
      ...(options.schema ? { schema: options.schema } : {}),
      autoMigrate: false,
      autoSeed: false,
    });
  const url = (io.env ?? process.env).DATABASE_URL;
  if (url) return new Database({ url, ...schema });
  return 'needs a database: pass --url or set DATABASE_URL';
}

function statusLine(s: MigrationStatus): string {
  if (s.state) return `[!] ${s.name}  ${s.state} (started ${s.startedAt}): fix the database by hand, then run repair`;
  return `${s.applied ? '[x]' : '[ ]'} ${s.name}${s.appliedAt ? `  ${s.appliedAt}` : ''}`;
}

function parseArgs(argv: string[]): { positional: string[]; options: Record<string, string>; bad: string | null } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [key, inline] = a.slice(2).split('=', 2);
    if (!['url', 'dir', 'schema'].includes(key)) return { positional, options, bad: `Unknown option --${key}` };
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') return { positional, options, bad: `Option --${key} needs a value` };
    options[key] = value;
  }
  return { positional, options, bad: null };
}

function consoleIO(): DbCommandIO {
  return { out: (line) => console.log(line), err: (line) => console.error(line) };
}
