/** The `fw` command: dispatches to a subcommand, prints help, turns usage mistakes into exit code 2 with a suggestion. */
import { parseCommandArgs, suggest } from './args';
import { CliUsageError, processIO, type CliIO } from './io';
import type { Command } from './command';
import { buildCommand } from './commands/build';
import { devCommand } from './commands/dev';
import { doctorCommand } from './commands/doctor';
import { mcpCommand } from './commands/mcp';
import { migrateCommand } from './commands/migrate';
import { openapiCommand } from './commands/openapi';
import { routesCommand } from './commands/routes';

/** Every subcommand of `fw`, in help order. */
export const commands: Command[] = [devCommand, routesCommand, buildCommand, doctorCommand, openapiCommand, mcpCommand, migrateCommand];

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage: fw <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run fw <command> --help for the options of one command.',
  ].join('\n');
}

/** Runs `fw` with argv (without node and the script) and returns the exit code: 0 done, 1 failed, 2 bad usage. */
export async function runCli(argv: string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.err : io.out)(help());
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((c) => c.name === name);
  try {
    if (!command) {
      const hint = suggest(
        name,
        commands.map((c) => c.name),
      );
      throw new CliUsageError(`fw: unknown command "${name}"${hint ? `; did you mean fw ${hint}?` : ''} (run fw --help)`);
    }
    const args = parseCommandArgs(command.name, rest, command.flags);
    if (args.flags.help) {
      io.out(command.usage);
      return 0;
    }
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.err(error.message);
      return 2;
    }
    io.err(`fw ${name}: ${(error as Error).message ?? String(error)}`);
    return 1;
  }
}
