import { splitQuery, mysqlSplitterOptions, postgreSplitterOptions, sqliteSplitterOptions } from 'dbgate-query-splitter';
import type { SplitResultItemRich } from 'dbgate-query-splitter/lib/splitQuery';
import type { DatabaseType } from '../types';

/** One SQL statement of a migration, with the line of the file it starts on (1-based). */
export interface MigrationStatement {
  sql: string;
  line: number;
}

/** A parsed `NNN_<name>.sql` file: its number, name, and the statements of its up and down parts. */
export interface MigrationFile {
  /** File name without `.sql`, e.g. `001_init`: the name recorded in the migrations table. */
  name: string;
  version: number;
  up: string;
  down: string | null;
  upLine: number;
  downLine: number;
}

/** File names a migration must have: digits, underscore, a name of letters, digits, `_` or `-`, `.sql`. */
export const MIGRATION_FILE = /^(\d+)_([A-Za-z0-9_-]+)\.sql$/;
const UP_MARK = /^[ \t]*--[ \t]*(?:migrate:)?[ \t]*up[ \t]*$/im;
const DOWN_MARK = /^[ \t]*--[ \t]*(?:migrate:)?[ \t]*down[ \t]*$/im;

/** Splits a migration file at its `-- down` line; an optional `-- up` line marks where the up part starts. */
export function parseMigration(fileName: string, text: string): MigrationFile {
  const match = MIGRATION_FILE.exec(fileName);
  if (!match) throw new TypeError(`Migration file "${fileName}" must be named NNN_<name>.sql (digits, underscore, letters/digits/_/-)`);
  if (typeof text !== 'string') throw new TypeError(`Migration file "${fileName}" has no SQL text`);
  const downAt = DOWN_MARK.exec(text);
  const upText = downAt ? text.slice(0, downAt.index) : text;
  const upAt = UP_MARK.exec(upText);
  const upStart = upAt ? upAt.index + upAt[0].length : 0;
  const downStart = downAt ? downAt.index + downAt[0].length : text.length;
  if (downAt && DOWN_MARK.test(text.slice(downStart))) throw new TypeError(`Migration file "${fileName}" has more than one "-- down" line`);
  return {
    name: fileName.slice(0, -4),
    version: Number(match[1]),
    up: upText.slice(upStart),
    down: downAt ? text.slice(downStart) : null,
    upLine: lineAt(text, upStart),
    downLine: lineAt(text, downStart),
  };
}

/** Splits SQL into statements with the engine's quoting rules (dollar quotes, DELIMITER, BEGIN...END triggers), dropping comment-only pieces. */
export function splitStatements(sql: string, engine: DatabaseType, firstLine = 1): MigrationStatement[] {
  const base = engine === 'postgres' ? postgreSplitterOptions : engine === 'mysql' ? mysqlSplitterOptions : sqliteSplitterOptions;
  const items = splitQuery(sql, { ...base, returnRichInfo: true, ignoreComments: true }) as SplitResultItemRich[];
  return items
    .filter((item) => item.text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim() !== '')
    .map((item) => ({ sql: item.text.trim(), line: firstLine + (item.trimStart ?? item.start).line }));
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
