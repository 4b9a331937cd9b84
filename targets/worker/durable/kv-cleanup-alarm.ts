import type { DurableObjectStorageLike } from './kv-types';

/** Alarms fire at whole seconds, so entries expiring within the same second are cleaned by one alarm. */
const GRANULARITY_MS = 1000;

/**
 * The alarm that deletes expired rows of an fw Durable Object: set for the earliest expiry, moved only earlier, and
 * set again for the next expiry after each run. Expired rows are already invisible to reads; the alarm frees storage.
 */
export class CleanupAlarm {
  /** When the alarm is set (epoch ms), null for none, undefined until read from storage. */
  private at: number | null | undefined;

  constructor(private readonly storage: DurableObjectStorageLike) {}

  /** Makes sure the alarm fires no later than just after `expiresAt`. */
  async cover(expiresAt: number): Promise<void> {
    const due = Math.ceil(expiresAt / GRANULARITY_MS) * GRANULARITY_MS;
    if (this.at === undefined) this.at = await this.storage.getAlarm();
    if (this.at !== null && this.at <= due) return;
    this.at = due;
    await this.storage.setAlarm(due);
  }

  /** Called by the object's `alarm()` after deleting expired rows, with the next expiry still stored (or null). */
  async ran(nextExpiry: number | null): Promise<void> {
    this.at = null;
    if (nextExpiry !== null) await this.cover(nextExpiry);
  }
}
