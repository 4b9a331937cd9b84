/**
 * The worker the durable-kv bench drives: GET /run?c=<contestant>&n=<ops> runs n sequential operations of one
 * contestant inside workerd and answers { ok } after checking every answer; the Node side times the request.
 */
import type { Context } from '../../src/core/context';
import { KVRateLimitStore } from '../../src/ratelimit';
import {
  durableObjectKV,
  durableRateLimitStore,
  FwKVObject,
  FwRateLimitObject,
  workersKV,
  type DurableObjectNamespaceLike,
  type DurableObjectStateLike,
  type KVNamespaceLike,
} from '../../targets/worker';

export { FwKVObject, FwRateLimitObject };

interface Env {
  FW_KV: DurableObjectNamespaceLike;
  FW_RATE: DurableObjectNamespaceLike;
  RAW: DurableObjectNamespaceLike;
  KV: KVNamespaceLike;
}

/** The floor: a hand-written SQLite Durable Object, one fetch per operation, no validation, no JSON envelope. */
export class RawObject {
  private readonly sql: DurableObjectStateLike['storage']['sql'];

  constructor(state: DurableObjectStateLike) {
    this.sql = state.storage.sql;
    this.sql.exec('CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID');
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const key = url.searchParams.get('k') as string;
    if (url.pathname === '/put') {
      this.sql.exec('INSERT INTO kv VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, await request.text());
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/incr') {
      const [row] = this.sql
        .exec("INSERT INTO kv VALUES (?, '1') ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1 RETURNING value", key)
        .toArray();
      return new Response(String(row.value));
    }
    const [row] = this.sql.exec('SELECT value FROM kv WHERE key = ?', key).toArray();
    return new Response(row === undefined ? null : (row.value as string), { status: row === undefined ? 404 : 200 });
  }
}

const value = JSON.stringify({ id: 42, name: 'Ada Lovelace', roles: ['admin', 'dev'], active: true });

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`wrong answer: ${what}`);
}

type Op = (env: Env, i: number) => Promise<void>;

const contestants: Record<string, Op> = {
  'fw-do-kv': async (env, i) => {
    const kv = durableObjectKV(env.FW_KV, { name: 'bench' });
    await kv.put(`k${i % 100}`, value);
    check((await kv.get(`k${i % 100}`)) === value, 'fw-do-kv get');
  },
  'raw-do': async (env, i) => {
    const stub = env.RAW.get(env.RAW.idFromName('bench'));
    await stub.fetch(new Request(`https://raw/put?k=k${i % 100}`, { method: 'POST', body: value }));
    check((await (await stub.fetch(new Request(`https://raw/get?k=k${i % 100}`))).text()) === value, 'raw-do get');
  },
  'fw-workers-kv': async (env, i) => {
    const kv = workersKV(env.KV);
    await kv.put(`k${i % 100}`, value);
    check((await kv.get(`k${i % 100}`)) === value, 'fw-workers-kv get');
  },
  'fw-do-rate': async (env, i) => {
    const result = await rateStore.hit(`client-${i % 100}`, { env } as unknown as Context);
    check(result.limit === 1_000_000 && result.allowed, 'fw-do-rate hit');
  },
  'raw-do-incr': async (env, i) => {
    const stub = env.RAW.get(env.RAW.idFromName(`incr-${i % 100}`));
    check(Number(await (await stub.fetch(new Request(`https://raw/incr?k=c`))).text()) > 0, 'raw-do-incr');
  },
  'fw-kv-rate': async (env, i) => {
    const result = await kvRateStore.hit(`client-${i % 100}`, { env } as unknown as Context);
    check(result.limit === 1_000_000 && result.allowed, 'fw-kv-rate hit');
  },
};

const rateStore = durableRateLimitStore((ctx) => (ctx.env as Env).FW_RATE, { max: 1_000_000, windowMs: 86_400_000, name: 'bench' });
const kvRateStore = new KVRateLimitStore({ kv: (ctx) => workersKV((ctx.env as Env).KV), max: 1_000_000, windowMs: 86_400_000 });

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const op = contestants[url.searchParams.get('c') ?? ''];
    const n = Number(url.searchParams.get('n'));
    if (!op || !Number.isInteger(n) || n <= 0) return new Response('unknown contestant or n', { status: 400 });
    for (let i = 0; i < n; i++) await op(env, i);
    return Response.json({ ok: true, n });
  },
};
