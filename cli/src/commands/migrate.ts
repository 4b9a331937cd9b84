/** `fw migrate up|down|status|repair|new|seed`: database migrations through the Migrator of src/db (targets/node/db-cli.ts). */
import { resolve } from 'node:path';
import { runDbCommand } from 'fw/node';
import { CliUsageError } from '../io';
import { suggest } from '../args';
import type { Command } from '../command';

const actions = ['up', 'down', 'status', 'repair', 'new', 'seed'];

/** Runs one migration action; flags are checked here (with suggestions), the work is `runDbCommand`'s. */
export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'database migrations: up, down, status, repair, new <name>, seed <file>',
  usage: `Usage: fw migrate <up|down|status|repair|new <name>|seed <file>> [options]
  repair                  after a migration failed or was interrupted on MySQL/MariaDB and you fixed the database
                          by hand: forget its entry so the next up runs it again
  --url <database url>    default $DATABASE_URL (postgres://, mysql://, sqlite:)
  --dir <folder>          migrations folder (default ./migrations)
  --schema <name>         PostgreSQL schema`,
  flags: { url: { type: 'string' }, dir: { type: 'string' }, schema: { type: 'string' } },
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
    argv.push('--dir', resolve(io.cwd, typeof flags.dir === 'string' ? flags.dir : 'migrations'));
    return runDbCommand(argv, { out: io.out, err: io.err, env: io.env });
  },
};
