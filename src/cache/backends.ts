import type { Context } from '../core/context';
import type { KVStore } from '../kv/types';
import { bytesToBase64, base64ToBytes } from './base64';

/** One stored response: what the response cache keeps and replays. */
export interface CachedResponse {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** When it was stored and when it stops being fresh, epoch milliseconds. */
  storedAt: number;
  expiresAt: number;
}

/** Where the response cache keeps entries: a `KVStore` or the worker Cache API. */
export interface ResponseCacheBackend {
  get(key: string, ctx: Context): Promise<CachedResponse | null>;
  put(key: string, entry: CachedResponse, ctx: Context): Promise<void>;
  delete(key: string, ctx: Context): Promise<void>;
}

/** The part of the worker Cache API (`caches.default`) the response cache uses. */
export interface CacheLike {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
  delete(request: Request): Promise<boolean>;
}

interface StoredJSON {
  s: number;
  h: [string, string][];
  b: string;
  t: number;
  e: number;
}

/** Entries as JSON strings in any KVStore (bodies base64), with the KV TTL set to the entry's lifetime. */
export function kvBackend(pick: (ctx: Context) => KVStore): ResponseCacheBackend {
  return {
    async get(key, ctx) {
      const text = await pick(ctx).get(key);
      if (text === null) return null;
      try {
        const v = JSON.parse(text) as StoredJSON;
        return { status: v.s, headers: v.h, body: base64ToBytes(v.b), storedAt: v.t, expiresAt: v.e };
      } catch {
        return null;
      }
    },
    async put(key, entry, ctx) {
      const value: StoredJSON = { s: entry.status, h: entry.headers, b: bytesToBase64(entry.body), t: entry.storedAt, e: entry.expiresAt };
      await pick(ctx).put(key, JSON.stringify(value), { ttl: Math.max(1, Math.ceil((entry.expiresAt - entry.storedAt) / 1000)) });
    },
    async delete(key, ctx) {
      await pick(ctx).delete(key);
    },
  };
}

const META = 'x-fw-cache-meta';

interface CacheApiMeta {
  s: number;
  t: number;
  e: number;
  c: string | null;
}

function parseMeta(text: string | null): CacheApiMeta | null {
  if (text === null) return null;
  try {
    const meta = JSON.parse(text) as CacheApiMeta;
    return typeof meta?.s === 'number' && typeof meta.e === 'number' ? meta : null;
  } catch {
    return null;
  }
}

function cacheRequest(key: string, ctx: Context): Request {
  return new Request(`${new URL(ctx.request.url).origin}/__fw-cache/${key}`);
}

/**
 * Entries in the worker Cache API under `<origin>/__fw-cache/<key>` (same zone as the app), stored as 200 responses
 * whose `max-age` is the entry's lifetime; the real status, stored time and Cache-Control ride in one header.
 */
export function cacheApiBackend(pick: (ctx: Context) => CacheLike): ResponseCacheBackend {
  return {
    async get(key, ctx) {
      const found = await pick(ctx).match(cacheRequest(key, ctx));
      if (!found) return null;
      const meta = parseMeta(found.headers.get(META));
      if (meta === null) return null;
      const headers: [string, string][] = [];
      found.headers.forEach((value, name) => {
        if (name !== META && name !== 'cache-control') headers.push([name, value]);
      });
      if (meta.c !== null) headers.push(['cache-control', meta.c]);
      return { status: meta.s, headers, body: new Uint8Array(await found.arrayBuffer()), storedAt: meta.t, expiresAt: meta.e };
    },
    async put(key, entry, ctx) {
      const headers = new Headers(entry.headers);
      const original = headers.get('cache-control');
      headers.set(META, JSON.stringify({ s: entry.status, t: entry.storedAt, e: entry.expiresAt, c: original }));
      headers.set('cache-control', `max-age=${Math.max(1, Math.ceil((entry.expiresAt - entry.storedAt) / 1000))}`);
      await pick(ctx).put(cacheRequest(key, ctx), new Response(entry.body, { status: 200, headers }));
    },
    async delete(key, ctx) {
      await pick(ctx).delete(cacheRequest(key, ctx));
    },
  };
}
