/** Flag parsing for `fw` commands on node:util parseArgs, with "did you mean" suggestions for unknown flags. */
import { parseArgs } from 'node:util';
import { closest, distance } from 'fastest-levenshtein';
import { CliUsageError } from './io';

/** The flags a command takes: `string` flags need a value, `boolean` flags take none; `multiple` ones collect every value given. */
export type FlagSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

/** Parsed flags and positional arguments of one command. */
export interface ParsedArgs {
  flags: Record<string, string | boolean | undefined>;
  /** Every value of each `multiple` flag, in the order given (absent when the flag was not given). */
  lists: Record<string, string[]>;
  positionals: string[];
}

/** The closest known word when it is near enough to be a typo (at most 3 edits, fewer than the word's length), else null. */
export function suggest(word: string, known: string[]): string | null {
  if (known.length === 0 || word === '') return null;
  const best = closest(word, known);
  return distance(word, best) <= Math.min(3, Math.max(1, word.length - 1)) ? best : null;
}

/** Parses a command's argv against its flags (plus `--help`); unknown flags and missing values throw a CliUsageError with a suggestion. */
export function parseCommandArgs(command: string, argv: string[], spec: FlagSpec): ParsedArgs {
  const options: FlagSpec = { ...spec, help: { type: 'boolean', short: 'h' } };
  const { tokens } = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  const flags: ParsedArgs['flags'] = {};
  const lists: ParsedArgs['lists'] = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const known = options[token.name];
    if (!known) {
      const hint = suggest(token.name, Object.keys(options));
      throw new CliUsageError(
        `fw ${command}: unknown flag ${token.rawName}${hint ? `; did you mean --${hint}?` : ''} (see fw ${command} --help)`,
      );
    }
    if (known.type === 'string' && token.value === undefined)
      throw new CliUsageError(`fw ${command}: ${token.rawName} needs a value (see fw ${command} --help)`);
    if (known.type === 'boolean' && token.value !== undefined) throw new CliUsageError(`fw ${command}: ${token.rawName} takes no value`);
    if (known.multiple) lists[token.name] = [...(lists[token.name] ?? []), token.value as string];
    else flags[token.name] = known.type === 'string' ? token.value : true;
  }
  return { flags, lists, positionals };
}
