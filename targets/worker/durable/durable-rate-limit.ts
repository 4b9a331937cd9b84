import { windowResult } from '../../../src/ratelimit/window-result';
import type { Context } from '../../../src/core/context';
import type { RateLimitResult, RateLimitStore, WindowLimit } from '../../../src/ratelimit/types';
import { positiveInteger, windowLimit } from '../../../src/ratelimit/validate';
import { assertLifetime } from './kv-cleanup-alarm';
import { callObject, timeoutOption } from './kv-rpc';
import { assertNamespace, type DurableObjectNamespaceLike, type DurableObjectStubLike } from './kv-types';
import type { RateLimitHit } from './rate-limit-object';

/** Options of `durableRateLimitStore`: the limit, and how keys map to objects. */
export interface DurableRateLimitOptions extends WindowLimit {
  /**
   * `'key'` (default): one object per client key, so keys never queue behind each other; `buckets()` then counts
   * the keys this isolate counted in live windows (objects cannot be enumerated). A number N: keys spread over N
   * objects by hash; `buckets()` asks each of them and is exact.
   */
  shards?: 'key' | number;
  /** Keeps limiters sharing one namespace apart (default `default`). */
  name?: string;
  /** Most keys remembered per isolate for `buckets()` in `'key'` mode (default 10000). */
  maxKeys?: number;
  /** Milliseconds a call may wait for the object; past it the limiter answers 503 (default 5000). */
  timeoutMs?: number;
}

/**
 * The binding, or a function returning it. `() => env.LIMITS` (env from `cloudflare:workers`) reaches the objects
 * anywhere; `(ctx) => ctx.env.LIMITS` only once a context is at hand (see `namespaceFor`).
 */
type NamespaceSource = DurableObjectNamespaceLike | ((ctx: Context) => DurableObjectNamespaceLike);

/** 32-bit FNV-1a of a string: spreads keys over shards the same way in every isolate. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** A `RateLimitStore` whose counts live in `FwRateLimitObject` Durable Objects: made by `durableRateLimitStore`. */
class DurableRateLimitStore implements RateLimitStore {
  readonly kind = 'durable-fixed-window';
  private readonly limit: WindowLimit;
  private readonly shards: number | null;
  private readonly name: string;
  private readonly maxKeys: number;
  private readonly timeoutMs: number;
  private readonly seen = new Map<string, number>();
  private lastNamespace: DurableObjectNamespaceLike | null;

  constructor(
    private readonly source: NamespaceSource,
    options: DurableRateLimitOptions,
  ) {
    this.limit = windowLimit('durableRateLimitStore', options);
    assertLifetime('rateLimit: durableRateLimitStore.windowMs', this.limit.windowMs, 'ms');
    const shards = options.shards ?? 'key';
    this.shards = shards === 'key' ? null : positiveInteger("durableRateLimitStore.shards ('key' or a number of objects)", shards);
    this.name = options.name ?? 'default';
    if (typeof this.name !== 'string' || this.name.length === 0)
      throw new TypeError('rateLimit: durableRateLimitStore.name must be a non-empty string');
    this.maxKeys = positiveInteger('durableRateLimitStore.maxKeys', options.maxKeys ?? 10_000);
    this.timeoutMs = timeoutOption('rateLimit: durableRateLimitStore', options.timeoutMs);
    if (typeof source !== 'function') assertNamespace(source, 'durableRateLimitStore(namespace)', 'FwRateLimitObject');
    this.lastNamespace = typeof source === 'function' ? null : source;
  }

  async hit(key: string, ctx: Context): Promise<RateLimitResult> {
    const { count, resetAt, now } = (await callObject(this.stub(this.pick(ctx), key), this.label(), this.timeoutMs, 'hit', {
      key,
      windowMs: this.limit.windowMs,
    })) as RateLimitHit;
    if (this.shards === null) this.remember(key, resetAt, now);
    return windowResult(this.limit.max, count, resetAt, now);
  }

  /** Forgets a key in its object; without `ctx`, the namespace comes from `namespaceFor` (or a clear Error says how to pass it). */
  async reset(key: string, ctx?: Context): Promise<void> {
    const namespace = ctx ? this.pick(ctx) : this.namespaceFor('reset(key)');
    this.seen.delete(key);
    await callObject(this.stub(namespace, key), this.label(), this.timeoutMs, 'reset', { key });
  }

  /** Live windows: with `shards: N` the sum over the N objects (exact), with one object per key those this isolate counted. */
  async buckets(): Promise<number> {
    const now = Date.now();
    if (this.shards === null) {
      for (const [key, resetAt] of this.seen) if (resetAt <= now) this.seen.delete(key);
      return this.seen.size;
    }
    const namespace = this.namespaceFor('buckets()');
    const counts = await Promise.all(
      Array.from({ length: this.shards }, (_, shard) =>
        callObject(this.shardStub(namespace, shard), this.label(), this.timeoutMs, 'buckets', {}),
      ),
    );
    return counts.reduce<number>((sum, n) => sum + (n as number), 0);
  }

  limits(): Record<string, unknown> {
    return { kind: this.kind, max: this.limit.max, windowMs: this.limit.windowMs, shards: this.shards ?? 'key', name: this.name };
  }

  private label(): string {
    return `durableRateLimitStore "${this.name}"`;
  }

  private pick(ctx: Context): DurableObjectNamespaceLike {
    if (typeof this.source !== 'function') return this.source;
    const namespace = this.source(ctx);
    assertNamespace(namespace, 'durableRateLimitStore((ctx) => namespace)', 'FwRateLimitObject');
    this.lastNamespace = namespace;
    return namespace;
  }

  /**
   * The namespace for a call made without a context: the binding itself, else what the function returns when
   * called without one (`() => env.LIMITS`), else the binding last picked in this isolate; otherwise an Error
   * saying how to make it reachable, never a silent no-op or a wrong count.
   */
  private namespaceFor(call: string): DurableObjectNamespaceLike {
    if (typeof this.source !== 'function') return this.source;
    let found: unknown;
    try {
      found = (this.source as (ctx?: Context) => DurableObjectNamespaceLike)();
    } catch {
      found = undefined;
    }
    if (
      found &&
      typeof (found as DurableObjectNamespaceLike).idFromName === 'function' &&
      typeof (found as DurableObjectNamespaceLike).get === 'function'
    ) {
      this.lastNamespace = found as DurableObjectNamespaceLike;
      return this.lastNamespace;
    }
    if (this.lastNamespace !== null) return this.lastNamespace;
    throw new Error(
      `${this.label()}: ${call} has no request context and this isolate has not limited a request yet, so the FwRateLimitObject namespace is out of reach: ` +
        `pass the context (reset(key, ctx)), or give durableRateLimitStore the binding as () => env.FW_RATE_LIMIT (env from 'cloudflare:workers')`,
    );
  }

  private stub(namespace: DurableObjectNamespaceLike, key: string): DurableObjectStubLike {
    if (this.shards !== null) return this.shardStub(namespace, fnv1a(key) % this.shards);
    return namespace.get(namespace.idFromName(`fw-rate:${encodeURIComponent(this.name)}:key:${key}`));
  }

  private shardStub(namespace: DurableObjectNamespaceLike, shard: number): DurableObjectStubLike {
    return namespace.get(namespace.idFromName(`fw-rate:${encodeURIComponent(this.name)}:shard:${shard}/${this.shards}`));
  }

  private remember(key: string, resetAt: number, now: number): void {
    this.seen.delete(key);
    this.seen.set(key, resetAt);
    if (this.seen.size <= this.maxKeys) return;
    for (const [k, at] of this.seen) if (at <= now) this.seen.delete(k);
    while (this.seen.size > this.maxKeys) this.seen.delete(this.seen.keys().next().value as string);
  }
}

/**
 * An exact rate-limit store for workers: fixed windows counted inside Durable Objects of the `FwRateLimitObject`
 * class, so concurrent requests from every isolate and location admit exactly `max` per window. Pass the binding
 * or, since bindings live on `ctx.env`, a function of the context: `durableRateLimitStore((ctx) => ctx.env.LIMITS, { max, windowMs })`.
 */
export function durableRateLimitStore(namespace: NamespaceSource, options: DurableRateLimitOptions): RateLimitStore {
  return new DurableRateLimitStore(namespace, options);
}
