import { checkOptions } from '../core/options';
import type { HealthAccessOptions } from '../operator-access/access';
import type { KVStore } from '../kv/types';

/** Options of `metrics()`. */
export interface MetricsOptions {
  /** The app's name in the store's keys (`fw:metrics:<name>:<instance>`), so apps sharing a store stay apart (default `app`). */
  name?: string;
  /**
   * Where instances meet: the store the deployment already shares (Redis on Node, Bun and Lambda, a Durable Object
   * KV on workers), or a function of the platform's `env` returning it (workers hand bindings to requests). Without
   * one, each instance sees only its own metrics.
   */
  store?: KVStore | ((env: any) => KVStore);
  /** Length of a time slot in ms (default 60000, at least 1000). */
  slotMs?: number;
  /** Slots kept: the retention window is `slots * slotMs` (default 60, at most 1440). */
  slots?: number;
  /** Distinct method + route pairs tracked per instance (default 200); later ones are folded into `(other)`. */
  maxRoutes?: number;
  /** Minimum ms between two writes of this instance's metrics to the store (default 10000, at most `slotMs`). */
  flushMs?: number;
  /** Largest stored document per instance in bytes (default 262144); the oldest slots are dropped to fit. */
  maxStoreBytes?: number;
  /** Instances a reader reads from the store at most (default 100): keys in lexical order of instance id. */
  maxInstances?: number;
  /** Path of the Prometheus exposition (default `/__fw/metrics`); false serves none. */
  path?: string | false;
  /** Who may read the exposition: loopback, a token or the app's guard (`fw/health`'s rule), or `'public'`. */
  access?: HealthAccessOptions | 'public';
}

/** The checked options with their defaults. */
export interface ResolvedMetricsOptions {
  name: string;
  store: ((env: unknown) => KVStore) | null;
  slotMs: number;
  slots: number;
  maxRoutes: number;
  flushMs: number;
  maxStoreBytes: number;
  maxInstances: number;
  path: string | false;
  access: HealthAccessOptions | 'public' | undefined;
}

const known: Record<keyof MetricsOptions, true> = {
  name: true,
  store: true,
  slotMs: true,
  slots: true,
  maxRoutes: true,
  flushMs: true,
  maxStoreBytes: true,
  maxInstances: true,
  path: true,
  access: true,
};

function integer(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new TypeError(`metrics(): "${name}" must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return value;
}

function isStore(value: unknown): value is KVStore {
  const s = value as KVStore | null;
  return typeof s === 'object' && s !== null && ['get', 'put', 'list', 'delete'].every((m) => typeof (s as any)[m] === 'function');
}

function storeOption(store: MetricsOptions['store']): ResolvedMetricsOptions['store'] {
  if (store === undefined) return null;
  if (typeof store === 'function') return store as (env: unknown) => KVStore;
  if (isStore(store)) return () => store;
  throw new TypeError(
    'metrics(): "store" must be a KVStore (redisKV() from fw/node, durableObjectKV() from fw/worker) or (env) => KVStore',
  );
}

/** Checks `metrics()` options and fills in defaults; a mistake throws a TypeError that says what to pass. */
export function resolveMetricsOptions(options: MetricsOptions): ResolvedMetricsOptions {
  checkOptions<MetricsOptions>('metrics()', options, known);
  const o = options ?? {};
  const name = o.name ?? 'app';
  if (typeof name !== 'string' || !/^[\w.-]{1,64}$/.test(name))
    throw new TypeError(`metrics(): "name" must be 1 to 64 letters, digits, ".", "_" or "-", got ${JSON.stringify(name)}`);
  const slotMs = integer('slotMs', o.slotMs, 60_000, 1000, 86_400_000);
  const path = o.path ?? '/__fw/metrics';
  if (path !== false && (typeof path !== 'string' || !path.startsWith('/')))
    throw new TypeError(`metrics(): "path" must start with "/" or be false, got ${JSON.stringify(path)}`);
  return {
    name,
    store: storeOption(o.store),
    slotMs,
    slots: integer('slots', o.slots, 60, 1, 1440),
    maxRoutes: integer('maxRoutes', o.maxRoutes, 200, 1, 10_000),
    flushMs: integer('flushMs', o.flushMs, Math.min(10_000, slotMs), 100, slotMs),
    maxStoreBytes: integer('maxStoreBytes', o.maxStoreBytes, 262_144, 4096, 1_900_000),
    maxInstances: integer('maxInstances', o.maxInstances, 100, 1, 1000),
    path,
    access: o.access,
  };
}
