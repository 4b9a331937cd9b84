import type { KVStore } from '../kv/types';
import { parseMessageKey } from './kv-keys';

/** What a consumer's cursor holds: when it first subscribed, and the last key handled per publishing instance. */
interface CursorValue {
  v: 1;
  since: number;
  last: Record<string, string>;
}

function parseCursor(raw: string | null): Partial<CursorValue> | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as Partial<CursorValue>;
  } catch {
    return null;
  }
}

/**
 * The durable position of a named consumer of the KV transport, stored in the same KVStore: a restarted consumer
 * treats as new every key above the last one it handled from that key's instance, and every key of an instance it
 * never saw that was published after it first subscribed.
 */
export class KVCursor {
  private value: CursorValue = { v: 1, since: 0, last: {} };
  private writtenAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: KVStore,
    private readonly key: string,
    private readonly ttlSeconds: number,
  ) {}

  /** Reads the stored cursor; false when there is none (a new consumer, one idle past the cursor's TTL, or garbage). */
  async load(now: number): Promise<boolean> {
    const parsed = parseCursor(await this.store.get(this.key));
    if (parsed?.v === 1 && typeof parsed.since === 'number' && parsed.last && typeof parsed.last === 'object') {
      this.value = { v: 1, since: parsed.since, last: parsed.last };
      return true;
    }
    this.value = { v: 1, since: now, last: {} };
    return false;
  }

  /** Whether a stored key (suffix after the channel prefix) was handled before, or predates this consumer. */
  covers(suffix: string): boolean {
    const key = parseMessageKey(suffix);
    if (key === null) return true;
    const last = this.value.last[key.instance];
    return last === undefined ? key.time < this.value.since : suffix <= last;
  }

  /** Records a handled key. */
  advance(suffix: string): void {
    const key = parseMessageKey(suffix);
    if (key === null) return;
    const last = this.value.last[key.instance];
    if (last === undefined || suffix > last) this.value.last[key.instance] = suffix;
  }

  /** Writes the cursor when it changed, or when half its TTL passed; forgets instances whose keys have all expired. */
  async save(now: number, changed: boolean, messageTtlSeconds: number): Promise<void> {
    if (!changed && now - this.writtenAt < (this.ttlSeconds * 1000) / 2) return;
    const horizon = now - messageTtlSeconds * 1000 - 60_000;
    for (const [instance, suffix] of Object.entries(this.value.last))
      if ((parseMessageKey(suffix)?.time ?? 0) < horizon) delete this.value.last[instance];
    await this.store.put(this.key, JSON.stringify(this.value), { ttl: this.ttlSeconds });
    this.writtenAt = now;
  }
}
