import type { Context } from '../core/context';
import { MemoryKV } from '../kv/memory';
import type { KVStore } from '../kv/types';
import { positiveInteger } from './validate';

/** Options of `rateLimit({ ban })`: after `after` windows over the limit, the client key is refused for `durationMs`. */
export interface BanOptions {
  /** How many windows in which the key went over the limit lead to a ban (counted over `durationMs` from the first). */
  after: number;
  /** How long a ban lasts, in milliseconds. */
  durationMs: number;
  /** Where bans and strikes are kept (default: the limiter store's `KVStore` when it has one, else this process's memory). */
  kv?: KVStore | ((ctx: Context) => KVStore);
}

/** A store that can lend its KVStore to the ban list, so bans live where the counts live. */
export interface KVBacked {
  kvFor(ctx: Context): KVStore;
}

const BAN_KEYS: Record<keyof BanOptions, true> = { after: true, durationMs: true, kv: true };

/**
 * Bans of client keys, kept in a `KVStore` (memory, Redis, Workers KV, a Durable Object): `ban:<key>` holds the end
 * of a ban; `ban:strikes:<key>` counts windows the key went over the limit in; `ban:seen:<key>:<window end>` marks
 * a window already counted, so one window is one strike however many requests it refused.
 */
export class BanList {
  readonly after: number;
  readonly durationMs: number;
  private readonly pick: (ctx: Context) => KVStore;
  /** The store when it does not depend on the request (memory, one Redis), so a ban can be lifted without a request. */
  private readonly fixed: KVStore | null = null;

  constructor(options: BanOptions, storeKV: ((ctx: Context) => KVStore) | null) {
    if (!options || typeof options !== 'object') throw new TypeError('rateLimit: ban must be { after, durationMs }');
    for (const name of Object.keys(options))
      if (!(name in BAN_KEYS)) throw new TypeError(`rateLimit: ban has no option "${name}" (after, durationMs, kv)`);
    this.after = positiveInteger('ban.after', options.after);
    this.durationMs = positiveInteger('ban.durationMs', options.durationMs);
    const kv = options.kv;
    if (kv !== undefined && typeof kv !== 'function' && typeof kv?.increment !== 'function')
      throw new TypeError('rateLimit: ban.kv must be a KVStore or a function returning one');
    if (typeof kv === 'function') this.pick = kv;
    else if (storeKV !== null) this.pick = storeKV;
    else {
      const fixed = kv ?? new MemoryKV();
      this.fixed = fixed;
      this.pick = () => fixed;
    }
  }

  /** The end of the key's ban (epoch ms), or null when it is not banned. */
  async bannedUntil(key: string, ctx: Context, now: number): Promise<number | null> {
    const until = Number(await this.pick(ctx).get(`ban:${key}`));
    return Number.isFinite(until) && until > now ? until : null;
  }

  /** Records a refused request of the window ending at `resetAt`; true when that made the key banned (from `now`). */
  async strike(key: string, resetAt: number, ctx: Context, now: number): Promise<boolean> {
    const kv = this.pick(ctx);
    const seen = await kv.increment(`ban:seen:${key}:${resetAt}`, 1, { ttl: Math.max(1, Math.ceil((resetAt - now) / 1000)) });
    if (seen !== 1) return false;
    const strikes = await kv.increment(`ban:strikes:${key}`, 1, { ttl: Math.ceil(this.durationMs / 1000) });
    if (strikes < this.after) return false;
    await kv.put(`ban:${key}`, String(now + this.durationMs), { ttl: Math.ceil(this.durationMs / 1000) });
    await kv.delete(`ban:strikes:${key}`);
    return true;
  }

  /** Lifts a key's ban and forgets its strikes (without a request, only where the store does not depend on one). */
  async lift(key: string, ctx: Context | undefined): Promise<void> {
    const kv = ctx === undefined ? this.fixed : this.pick(ctx);
    if (kv === null) return;
    await Promise.all([kv.delete(`ban:${key}`), kv.delete(`ban:strikes:${key}`)]);
  }
}
