import type { DurableObjectStorageLike } from './kv-types';

/** Alarms fire at whole seconds, so entries expiring within the same second are cleaned by one alarm. */
const GRANULARITY_MS = 1000;

/**
 * The longest a row may live before its cleanup alarm fires: 100 years. workerd refuses alarms past its range
 * (kj dates in int64 nanoseconds, year 2262; its message says "dates after 2189"), so a longer TTL or window
 * would be written and then fail at `setAlarm`.
 */
export const MAX_LIFETIME_MS = 100 * 365 * 86_400_000;

/** Throws a TypeError naming `what` and the maximum unless `ms` (a positive duration) is at most MAX_LIFETIME_MS. */
export function assertLifetime(what: string, ms: number, unit: 'seconds' | 'ms'): void {
  if (ms <= MAX_LIFETIME_MS) return;
  const max = unit === 'seconds' ? MAX_LIFETIME_MS / 1000 : MAX_LIFETIME_MS;
  throw new TypeError(
    `${what} is at most ${max} ${unit} (100 years: a Durable Object alarm cannot be set later), got ${ms / (unit === 'seconds' ? 1000 : 1)}`,
  );
}

/**
 * The alarm that deletes expired rows of an fw Durable Object: set for the earliest expiry, moved only earlier, and
 * set again for the next expiry after each run. Expired rows are already invisible to reads; the alarm frees storage.
 */
export class CleanupAlarm {
  /** When the alarm is set (epoch ms), null for none, undefined until read from storage. */
  private at: number | null | undefined;

  constructor(private readonly storage: DurableObjectStorageLike) {}

  /** Makes sure the alarm fires no later than just after `expiresAt`; callers set it before writing the row, so a refused alarm leaves nothing written. */
  async cover(expiresAt: number): Promise<void> {
    const due = Math.ceil(expiresAt / GRANULARITY_MS) * GRANULARITY_MS;
    if (this.at === undefined) this.at = await this.storage.getAlarm();
    if (this.at !== null && this.at <= due) return;
    await this.storage.setAlarm(due);
    this.at = due;
  }

  /** Called by the object's `alarm()` after deleting expired rows, with the next expiry still stored (or null). */
  async ran(nextExpiry: number | null): Promise<void> {
    this.at = null;
    if (nextExpiry !== null) await this.cover(nextExpiry);
  }
}
