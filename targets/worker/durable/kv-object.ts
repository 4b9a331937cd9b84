import { counterOf, stepOf } from '../../../src/kv/validate';
import { ExpiringRowsObject } from './expiring-rows-object';
import { assertDurableKey, assertDurableValue, durableListOptions, durableTtl } from './kv-checks';
import type { DurableObjectStateLike } from './kv-types';

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS fw_kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER) WITHOUT ROWID',
  'CREATE INDEX IF NOT EXISTS fw_kv_expiry ON fw_kv (expires_at) WHERE expires_at IS NOT NULL',
];
const LIVE = '(expires_at IS NULL OR expires_at > ?)';

/** The smallest string above every string starting with `prefix` (in code-point order), or null when none exists. */
function prefixEnd(prefix: string): string | null {
  const points = Array.from(prefix);
  while (points.length > 0) {
    const last = (points.pop() as string).codePointAt(0) as number;
    if (last < 0x10ffff) {
      const next = last === 0xd7ff ? 0xe000 : last + 1;
      return points.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}

/**
 * The Durable Object behind `durableObjectKV`: one SQLite table of keys, values and expiry times. Every operation
 * runs in the object's single thread without awaiting between read and write, so `increment` is atomic; entries past
 * their expiry are invisible at once (checked against the object's clock) and deleted by an alarm.
 * Declare it in wrangler.toml with `new_sqlite_classes` and export it from the worker entry.
 */
export class FwKVObject extends ExpiringRowsObject {
  constructor(state: DurableObjectStateLike, _env?: unknown) {
    super(state, { schema: SCHEMA, name: 'fw_kv', expiry: 'expires_at' });
  }

  protected async run(op: string, args: Record<string, unknown>, readValue: () => Promise<unknown>): Promise<unknown> {
    switch (op) {
      case 'get':
        assertDurableKey(args.key);
        return this.read(args.key, Date.now())?.value ?? null;
      case 'put':
        return this.put(args, await readValue());
      case 'delete':
        assertDurableKey(args.key);
        this.sql.exec('DELETE FROM fw_kv WHERE key = ?', args.key);
        return null;
      case 'list':
        return this.list(args);
      case 'increment':
        return this.increment(args);
      default:
        throw new TypeError(`FwKVObject has no operation "${op.slice(0, 40)}"`);
    }
  }

  private read(key: string, now: number): { value: string; expiresAt: number | null } | undefined {
    const [row] = this.sql.exec(`SELECT value, expires_at FROM fw_kv WHERE key = ? AND ${LIVE}`, key, now).toArray();
    return row === undefined ? undefined : { value: row.value as string, expiresAt: (row.expires_at as number | null) ?? null };
  }

  /** Writes a row; the cleanup alarm is set first, so an alarm the runtime refuses leaves the row as it was. */
  private async write(key: string, value: string, expiresAt: number | null): Promise<void> {
    if (expiresAt !== null) await this.alarmClock.cover(expiresAt);
    this.sql.exec(
      'INSERT INTO fw_kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at',
      key,
      value,
      expiresAt,
    );
  }

  private async put(args: Record<string, unknown>, value: unknown): Promise<null> {
    assertDurableKey(args.key);
    assertDurableValue(value);
    const ttl = durableTtl({ ttl: args.ttl as number | undefined });
    await this.write(args.key, value, ttl === undefined ? null : Date.now() + Math.ceil(ttl * 1000));
    return null;
  }

  private list(args: Record<string, unknown>): string[] {
    const { prefix, limit } = durableListOptions({ prefix: args.prefix ?? undefined, limit: args.limit ?? undefined });
    const end = prefixEnd(prefix);
    const rows = this.sql
      .exec(
        `SELECT key FROM fw_kv WHERE key >= ?${end === null ? '' : ' AND key < ?'} AND ${LIVE} ORDER BY key LIMIT ?`,
        ...(end === null ? [prefix] : [prefix, end]),
        Date.now(),
        limit === Infinity ? -1 : limit,
      )
      .toArray();
    return rows.map((row) => row.key as string);
  }

  private async increment(args: Record<string, unknown>): Promise<number> {
    assertDurableKey(args.key);
    const step = stepOf(args.by);
    const ttl = durableTtl({ ttl: args.ttl as number | undefined });
    const now = Date.now();
    const current = this.read(args.key, now);
    const next = counterOf(args.key, current?.value ?? null) + step;
    if (!Number.isSafeInteger(next)) throw new TypeError(`KV counter "${args.key.slice(0, 40)}" would pass the largest safe integer`);
    const expiresAt = current !== undefined ? current.expiresAt : ttl === undefined ? null : now + Math.ceil(ttl * 1000);
    await this.write(args.key, String(next), expiresAt);
    return next;
  }
}
