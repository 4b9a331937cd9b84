/** The shape every `fw` subcommand has: its flags, help text and what it runs. */
import type { FlagSpec, ParsedArgs } from './args';
import type { CliIO } from './io';

/** One `fw` subcommand; `run` returns the exit code (0 done, 1 failed, 2 bad usage). */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  flags: FlagSpec;
  run(args: ParsedArgs, io: CliIO): Promise<number>;
}
