/** `tsx targets/node/db-command.ts <new|up|down|status|seed> [options]`: the database commands as a script. */
import { runDbCommand } from './db-cli';

process.exitCode = await runDbCommand(process.argv.slice(2));
