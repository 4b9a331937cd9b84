import type { DatabaseType } from './types';

const types: DatabaseType[] = ['sqlite', 'postgres', 'mysql', 'd1'];

/** The engine a URL names: `file:`, `sqlite:`, `*.db`, `*.sqlite(3)`, `:memory:` -> sqlite; `postgres(ql)://`; `mysql://`/`mariadb://`; `d1:<binding>`. */
export function detectDatabaseType(url: string): DatabaseType {
  const lower = url.trim().toLowerCase();
  if (lower.startsWith('postgres://') || lower.startsWith('postgresql://')) return 'postgres';
  if (lower.startsWith('mysql://') || lower.startsWith('mariadb://')) return 'mysql';
  if (lower.startsWith('d1:')) return 'd1';
  if (lower === ':memory:' || lower.startsWith('file:') || lower.startsWith('sqlite:') || /\.(db|sqlite3?)$/.test(lower)) return 'sqlite';
  throw new TypeError(
    `Cannot tell the database engine from "${url}": use file:, *.db, :memory:, postgres://, mysql:// or d1:<binding>, or set "type"`,
  );
}

/** Checks a `type` given in the config, with a message listing the engines. */
export function assertDatabaseType(type: unknown): asserts type is DatabaseType {
  if (!types.includes(type as DatabaseType)) throw new TypeError(`Unknown database type "${String(type)}": use one of ${types.join(', ')}`);
}

/** The file path a sqlite URL points at (`file:./a.db` -> `./a.db`, `:memory:` stays). */
export function sqlitePath(url: string): string {
  const trimmed = url.trim();
  if (/^sqlite:/i.test(trimmed)) return sqlitePath(trimmed.slice(7));
  if (!/^file:/i.test(trimmed)) return trimmed;
  const rest = trimmed.slice(5).replace(/^\/\/(?=\/)/, '');
  const query = rest.indexOf('?');
  return decodeURIComponent(query === -1 ? rest : rest.slice(0, query)) || ':memory:';
}

/** The binding name of a `d1:<name>` URL. */
export function d1BindingName(url: string): string {
  const name = url.trim().slice(3);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new TypeError(`"${url}" does not name a D1 binding: write d1:<BINDING_NAME>`);
  return name;
}
