import type { Context } from '../core/context';
import { MemoryStore } from './memory-store';
import type { RateLimitResult, RateLimitStore, WindowLimit } from './types';
import { windowLimit } from './validate';

/** Options of `TenantStore`. */
export interface TenantStoreOptions {
  /** The tenant of a request (from authentication, never from a header the client chooses freely). */
  tenant: (ctx: Context) => string | null | undefined | Promise<string | null | undefined>;
  /** Limits per tenant id. */
  limits: Record<string, WindowLimit>;
  /** The limit of tenants not in `limits` and of requests without a tenant. */
  defaultLimit: WindowLimit;
  /** Builds the store for one limit (default a `MemoryStore`); pass a `KVRateLimitStore` factory to share across instances. */
  store?: (limit: WindowLimit, tenant: string) => RateLimitStore;
}

const DEFAULT_TENANT = '*';

/** Per-tenant limits: each tenant counts against its own `{ max, windowMs }`, unknown tenants against `defaultLimit`. */
export class TenantStore implements RateLimitStore {
  readonly kind = 'tenant';
  private readonly stores = new Map<string, RateLimitStore>();
  private readonly tenantOf: TenantStoreOptions['tenant'];

  constructor(options: TenantStoreOptions) {
    if (typeof options?.tenant !== 'function') throw new TypeError('rateLimit: TenantStore needs a tenant(ctx) function');
    this.tenantOf = options.tenant;
    const build = options.store ?? ((limit: WindowLimit) => new MemoryStore(limit));
    const limits = options.limits ?? {};
    for (const tenant of Object.keys(limits))
      this.stores.set(tenant, build(windowLimit(`TenantStore.limits.${tenant}`, limits[tenant]), tenant));
    this.stores.set(DEFAULT_TENANT, build(windowLimit('TenantStore.defaultLimit', options.defaultLimit), DEFAULT_TENANT));
  }

  async hit(key: string, ctx: Context): Promise<RateLimitResult> {
    const tenant = await this.tenantOf(ctx);
    const known = typeof tenant === 'string' && tenant !== DEFAULT_TENANT && this.stores.has(tenant);
    const store = this.stores.get(known ? tenant : DEFAULT_TENANT)!;
    return store.hit(`${typeof tenant === 'string' ? tenant : ''}:${key}`, ctx);
  }

  async reset(key: string, ctx?: Context): Promise<void> {
    if (ctx === undefined) {
      throw new TypeError('TenantStore.reset(key, ctx) needs the request context to find the tenant');
    }
    const tenant = await this.tenantOf(ctx);
    const store = this.stores.get(typeof tenant === 'string' && this.stores.has(tenant) ? tenant : DEFAULT_TENANT)!;
    await store.reset(`${typeof tenant === 'string' ? tenant : ''}:${key}`, ctx);
  }

  async buckets(): Promise<number> {
    let total = 0;
    for (const store of this.stores.values()) total += await store.buckets();
    return total;
  }

  limits(): Record<string, unknown> {
    const tenants: Record<string, unknown> = {};
    for (const [tenant, store] of this.stores) if (tenant !== DEFAULT_TENANT) tenants[tenant] = store.limits();
    return { kind: this.kind, tenants, default: this.stores.get(DEFAULT_TENANT)!.limits() };
  }
}
