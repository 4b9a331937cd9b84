import type { KVStore } from '../kv/types';
import type { BusTransport } from './transport';

/** Options of the KV polling transport. */
export interface KVBusTransportOptions {
  /** Key prefix shared by every process of one bus (default `fw:bus`). */
  channel?: string;
  /** How long a message stays in the store, in seconds (default 60; Workers KV's minimum). */
  ttlSeconds?: number;
  /** Poll period in ms; 0 turns the timer off and you call `poll()` yourself, as on workers (default 1000). */
  pollIntervalMs?: number;
  /** A `poll()` within this many ms of the previous one does nothing: one KV listing per period at most (default 0). */
  minPollGapMs?: number;
}

let keySequence = 0;

/**
 * A transport over any KVStore: each message is a key `<channel>:<time>:<unique>` with a TTL; receivers list the
 * channel, read keys they have not seen yet, and remember them until they expire. Keys present at subscribe time
 * are history and are skipped. Works wherever the store works: memory, Redis, Workers KV (with polling per request).
 */
export class KVBusTransport implements BusTransport {
  private readonly store: KVStore;
  private readonly prefix: string;
  private readonly ttlSeconds: number;
  private readonly pollIntervalMs: number;
  private readonly minPollGapMs: number;
  private lastPoll = Number.NEGATIVE_INFINITY;
  private readonly unique = Math.random().toString(36).slice(2, 10);
  private listener: ((message: string) => void) | null = null;
  private seen = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;

  constructor(store: KVStore, options: KVBusTransportOptions = {}) {
    if (!store || typeof store.list !== 'function' || typeof store.put !== 'function')
      throw new TypeError('KVBusTransport needs a KVStore');
    const channel = options.channel ?? 'fw:bus';
    if (typeof channel !== 'string' || channel === '') throw new TypeError('KVBusTransport channel must be a non-empty string');
    this.store = store;
    this.prefix = `${channel}:`;
    this.ttlSeconds = options.ttlSeconds ?? 60;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.minPollGapMs = options.minPollGapMs ?? 0;
    if (!(this.minPollGapMs >= 0) || !Number.isFinite(this.minPollGapMs))
      throw new TypeError('KVBusTransport minPollGapMs must be a number >= 0');
    if (!(this.ttlSeconds > 0) || !Number.isFinite(this.ttlSeconds))
      throw new TypeError('KVBusTransport ttlSeconds must be a positive number');
    if (!(this.pollIntervalMs >= 0) || !Number.isFinite(this.pollIntervalMs))
      throw new TypeError('KVBusTransport pollIntervalMs must be a number >= 0');
  }

  /** Writes the message under a new time-ordered key. */
  async publish(message: string): Promise<void> {
    const key = `${this.prefix}${String(Date.now()).padStart(15, '0')}:${this.unique}:${(keySequence++).toString(36)}`;
    await this.store.put(key, message, { ttl: this.ttlSeconds });
  }

  /** Marks what is already stored as history, then starts the poll timer (unless `pollIntervalMs` is 0). */
  async subscribe(listener: (message: string) => void): Promise<void> {
    this.seen = new Set(await this.store.list({ prefix: this.prefix }));
    this.listener = listener;
    if (this.pollIntervalMs > 0 && this.timer === null) {
      this.timer = setInterval(() => void this.poll().catch(() => undefined), this.pollIntervalMs);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  /** Reads messages stored since the last poll and hands each to the listener once; concurrent calls share one run. */
  poll(): Promise<void> {
    if (this.running) return this.running;
    const now = Date.now();
    if (now - this.lastPoll < this.minPollGapMs) return Promise.resolve();
    this.lastPoll = now;
    return (this.running = this.readNew().finally(() => {
      this.running = null;
    }));
  }

  /** Stops the timer and the listener. */
  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.listener = null;
  }

  private async readNew(): Promise<void> {
    if (this.listener === null) return;
    const keys = await this.store.list({ prefix: this.prefix });
    const fresh = keys.filter((k) => !this.seen.has(k));
    this.seen = new Set(keys);
    for (const key of fresh) {
      const message = await this.store.get(key);
      if (message !== null) this.listener?.(message);
    }
  }
}
