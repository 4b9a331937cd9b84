/** `tsx targets/node/db-command.ts <new|up|down|status|seed> [options]`: the database commands as a script. */
import { runDbCommand } from './db-cli';
import { installServerMethods } from '../../src/core/server-methods';
import { installNodePlatform } from './platform-server';

installNodePlatform();
installServerMethods();

process.exitCode = await runDbCommand(process.argv.slice(2));
