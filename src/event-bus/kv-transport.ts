import type { KVStore } from '../kv/types';
import { KVCursor } from './kv-cursor';
import { messageKey, newInstanceId } from './kv-keys';
import type { BusTransport, TransportHooks, TransportListener, TransportStats } from './transport';

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
  /**
   * A durable consumer name: its position is kept in the store (`<channel>~cursor:<consumer>`), so a restarted
   * process with the same name gets the messages stored since it stopped. Without one, what is stored at subscribe
   * time is history and skipped. Give each process its own name.
   */
  consumer?: string;
}

function positive(value: number, option: string, zeroAllowed: boolean): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (!zeroAllowed && value === 0))
    throw new TypeError(`KVBusTransport ${option} must be a number ${zeroAllowed ? '>= 0' : '> 0'}, got ${String(value)}`);
  return value;
}

/**
 * A transport over any KVStore: each message is a key `<channel>:<time>:<instance>:<counter>` (fixed width, so
 * listings come in time order) with a TTL; receivers list the channel, hand the keys they have not seen to the
 * listener in key order, waiting for each, and remember them until they expire. A named `consumer` resumes from its
 * cursor after a restart. Works wherever the store works: memory, Redis, Workers KV (polled per request; eventually
 * consistent there, so best effort).
 */
export class KVBusTransport implements BusTransport {
  private readonly store: KVStore;
  private readonly prefix: string;
  private readonly ttlSeconds: number;
  private readonly pollIntervalMs: number;
  private readonly minPollGapMs: number;
  private readonly cursor: KVCursor | null;
  private readonly instance = newInstanceId();
  private counter = 0;
  private lastPoll = Number.NEGATIVE_INFINITY;
  private listener: TransportListener | null = null;
  private hooks: TransportHooks = {};
  private seen = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private counts = { errors: 0, pending: 0 };

  constructor(store: KVStore, options: KVBusTransportOptions = {}) {
    if (!store || typeof store.list !== 'function' || typeof store.put !== 'function')
      throw new TypeError('KVBusTransport needs a KVStore');
    const channel = options.channel ?? 'fw:bus';
    if (typeof channel !== 'string' || channel === '') throw new TypeError('KVBusTransport channel must be a non-empty string');
    const consumer = options.consumer;
    if (consumer !== undefined && (typeof consumer !== 'string' || consumer === '' || consumer.includes(':')))
      throw new TypeError(`KVBusTransport consumer must be a non-empty string without ":", got ${JSON.stringify(consumer)}`);
    this.store = store;
    this.prefix = `${channel}:`;
    this.ttlSeconds = positive(options.ttlSeconds ?? 60, 'ttlSeconds', false);
    this.pollIntervalMs = positive(options.pollIntervalMs ?? 1000, 'pollIntervalMs', true);
    this.minPollGapMs = positive(options.minPollGapMs ?? 0, 'minPollGapMs', true);
    const cursorTtl = Math.max(this.ttlSeconds * 10, 86_400);
    this.cursor = consumer === undefined ? null : new KVCursor(store, `${channel}~cursor:${consumer}`, cursorTtl);
  }

  /** Writes the message under the next key of this instance. */
  async publish(message: string): Promise<void> {
    const key = `${this.prefix}${messageKey(Date.now(), this.instance, this.counter++)}`;
    await this.store.put(key, message, { ttl: this.ttlSeconds });
  }

  /**
   * Decides what stored keys are history (all of them without a consumer name or for a new consumer; those its cursor
   * covers otherwise), then starts the poll timer (unless `pollIntervalMs` is 0). Failed timer polls go to `hooks.onError`.
   */
  async subscribe(listener: TransportListener, hooks: TransportHooks = {}): Promise<void> {
    const keys = await this.store.list({ prefix: this.prefix });
    const resumed = this.cursor ? await this.cursor.load(Date.now()) : false;
    const cursor = this.cursor;
    this.seen = new Set(resumed && cursor ? keys.filter((k) => cursor.covers(k.slice(this.prefix.length))) : keys);
    if (cursor && !resumed) await cursor.save(Date.now(), true, this.ttlSeconds);
    this.listener = listener;
    this.hooks = hooks;
    if (this.pollIntervalMs > 0 && this.timer === null) {
      this.timer = setInterval(() => void this.poll().catch(() => undefined), this.pollIntervalMs);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  /**
   * Reads messages stored since the last poll and hands each to the listener once, in key order; concurrent calls
   * share one run. A failure is reported to `onError` when the subscriber gave one (the next poll retries), else thrown.
   */
  poll(): Promise<void> {
    if (this.running) return this.running;
    const now = Date.now();
    if (now - this.lastPoll < this.minPollGapMs) return Promise.resolve();
    this.lastPoll = now;
    return (this.running = this.readNew()
      .catch((error) => {
        this.counts.errors++;
        const failure = new Error(`KVBusTransport poll of "${this.prefix}" failed: ${(error as Error)?.message}`, { cause: error });
        if (!this.hooks.onError) throw failure;
        this.hooks.onError(failure);
      })
      .finally(() => {
        this.running = null;
      }));
  }

  /** Failed polls and listener calls (`errors`) and messages handed to the listener whose handling has not settled (`pending`). */
  stats(): TransportStats {
    return { errors: this.counts.errors, reconnects: 0, redeliveries: 0, pending: this.counts.pending };
  }

  /** Stops the timer and the listener. */
  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.listener = null;
  }

  private async readNew(): Promise<void> {
    if (this.listener === null) return;
    const keys = (await this.store.list({ prefix: this.prefix })).sort();
    const fresh = keys.filter((k) => !this.seen.has(k));
    const handled: string[] = [];
    try {
      for (const key of fresh) {
        const message = await this.store.get(key);
        const listener = this.listener;
        if (listener === null) break;
        if (message !== null) {
          this.counts.pending++;
          try {
            await listener(message);
          } catch (error) {
            this.counts.errors++;
            this.hooks.onError?.(error);
          } finally {
            this.counts.pending--;
          }
        }
        this.seen.add(key);
        handled.push(key);
        this.cursor?.advance(key.slice(this.prefix.length));
      }
    } finally {
      const listed = new Set(keys);
      for (const key of this.seen) if (!listed.has(key)) this.seen.delete(key);
      await this.cursor?.save(Date.now(), handled.length > 0, this.ttlSeconds);
    }
  }
}
