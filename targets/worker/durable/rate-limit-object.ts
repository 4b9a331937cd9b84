import { positiveInteger } from '../../../src/ratelimit/validate';
import { ExpiringRowsObject } from './expiring-rows-object';
import { assertLifetime } from './kv-cleanup-alarm';
import type { DurableObjectStateLike } from './kv-types';

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS fw_rate_limit (key TEXT PRIMARY KEY, count INTEGER NOT NULL, reset_at INTEGER NOT NULL) WITHOUT ROWID',
  'CREATE INDEX IF NOT EXISTS fw_rate_limit_reset ON fw_rate_limit (reset_at)',
];

/** What the object answers for one counted request: the count in the window, when it resets, and its clock. */
export interface RateLimitHit {
  count: number;
  resetAt: number;
  now: number;
}

function keyOf(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024)
    throw new TypeError('A rate-limit key must be a non-empty string of at most 1024 characters');
  return value;
}

function windowOf(value: unknown): number {
  const windowMs = positiveInteger('windowMs', value);
  assertLifetime('rateLimit: windowMs', windowMs, 'ms');
  return windowMs;
}

/**
 * The Durable Object behind `durableRateLimitStore`: fixed windows (`max` per `windowMs`, started by a key's first
 * request) counted in one SQLite table. A hit reads and writes its row without awaiting in between, in the object's
 * single thread, so concurrent requests from any number of isolates are counted one after the other and never
 * over-admit. Ended windows are deleted by an alarm. Declare it in wrangler.toml with `new_sqlite_classes`.
 */
export class FwRateLimitObject extends ExpiringRowsObject {
  constructor(state: DurableObjectStateLike, _env?: unknown) {
    super(state, { schema: SCHEMA, name: 'fw_rate_limit', expiry: 'reset_at' });
  }

  protected async run(op: string, args: Record<string, unknown>): Promise<unknown> {
    switch (op) {
      case 'hit':
        return this.hit(keyOf(args.key), windowOf(args.windowMs));
      case 'reset':
        this.sql.exec('DELETE FROM fw_rate_limit WHERE key = ?', keyOf(args.key));
        return null;
      case 'buckets': {
        const [row] = this.sql.exec('SELECT COUNT(*) AS n FROM fw_rate_limit WHERE reset_at > ?', Date.now()).toArray();
        return row?.n ?? 0;
      }
      default:
        throw new TypeError(`FwRateLimitObject has no operation "${op.slice(0, 40)}"`);
    }
  }

  private async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const now = Date.now();
    const [row] = this.sql
      .exec(
        `INSERT INTO fw_rate_limit (key, count, reset_at) VALUES (?1, 1, ?2 + ?3)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN reset_at <= ?2 THEN 1 ELSE count + 1 END,
           reset_at = CASE WHEN reset_at <= ?2 THEN ?2 + ?3 ELSE reset_at END
         RETURNING count, reset_at`,
        key,
        now,
        windowMs,
      )
      .toArray();
    const resetAt = row.reset_at as number;
    if (row.count === 1) {
      try {
        await this.alarmClock.cover(resetAt);
      } catch (error) {
        // A window whose cleanup cannot be scheduled is not opened: the request was not counted.
        this.sql.exec('DELETE FROM fw_rate_limit WHERE key = ?', key);
        throw error;
      }
    }
    return { count: row.count as number, resetAt, now };
  }
}
