import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KVListOptions, KVPutOptions, KVStore } from '../../../src/kv/types';
import { durableObjectKV } from '../../../targets/worker';
import { runKVConformance } from '../../kv/conformance';
import { bundleWorker, runWorker } from './helpers';

let mf: Miniflare;
let url: URL;
let stores = 0;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/durable-kv-worker.ts'), {
    durableObjects: {
      FW_KV: { className: 'TestKVObject', useSQLite: true },
      PLAIN_KV: { className: 'PlainKVObject', useSQLite: false },
      STALL: { className: 'StallingKVObject', useSQLite: true },
    },
  });
  url = await mf.ready;
});
afterAll(() => mf?.dispose());

/** Calls one KVStore method of the store `store` inside workerd; an error there is thrown here with its name and message. */
async function send(body: Record<string, unknown>): Promise<unknown> {
  const res = await fetch(new URL('/kv', url), { method: 'POST', body: JSON.stringify(body) });
  const answer = (await res.json()) as { result?: unknown; error?: { name: string; message: string } };
  if (answer.error) throw answer.error.name === 'TypeError' ? new TypeError(answer.error.message) : new Error(answer.error.message);
  return answer.result;
}

/** A KVStore whose every call runs `durableObjectKV(env.FW_KV, { name: store })` in workerd. */
function remote(store: string, extra: Record<string, unknown> = {}): KVStore {
  const op = (name: string, args: Record<string, unknown>) => send({ store, ...extra, op: name, ...args });
  return {
    get: async (key: string) => (await op('get', { key })) as string | null,
    put: async (key: string, value: string, options?: KVPutOptions) => void (await op('put', { key, value, ttl: options?.ttl })),
    delete: async (key: string) => void (await op('delete', { key })),
    list: async (options?: KVListOptions) => (await op('list', { prefix: options?.prefix, limit: options?.limit })) as string[],
    increment: async (key: string, by?: number, options?: KVPutOptions) =>
      (await op('increment', { key, by, ttl: options?.ttl })) as number,
  };
}

async function rows(object: string): Promise<number> {
  const res = await fetch(new URL(`/rows?object=${encodeURIComponent(object)}`, url));
  return ((await res.json()) as { rows: number }).rows;
}

// Each test gets its own store name, so its own Durable Object; expiry is real time, to the millisecond. The shortest
// ttl checked is 2 s, so a write and the read after it finish before the expiry even on a loaded machine.
runKVConformance('Durable Object KV (in workerd)', () => remote(`conformance-${++stores}`), {
  minTtl: 2,
  elapse: (seconds) => sleep(seconds * 1000),
});

describe('durableObjectKV in workerd', () => {
  it('hides an entry exactly when its ttl ends: present in every read answered before, absent in every read sent after', async () => {
    const kv = remote('exact');
    const putSent = Date.now();
    await kv.put('k', 'v', { ttl: 1.5 });
    const putDone = Date.now();
    const reads: { sent: number; done: number; value: string | null }[] = [];
    for (;;) {
      const sent = Date.now();
      const value = await kv.get('k');
      reads.push({ sent, done: Date.now(), value });
      if (value === null && sent > putDone + 1500) break;
      await sleep(20);
    }
    const before = reads.filter((r) => r.done < putSent + 1500);
    const after = reads.filter((r) => r.sent > putDone + 1500);
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    expect(before.every((r) => r.value === 'v')).toBe(true);
    expect(after.every((r) => r.value === null)).toBe(true);
  });

  it('deletes expired rows with its alarm, keeping the live ones', async () => {
    const kv = remote('alarm');
    // A ttl of seconds, so the six writes and the first count finish before any expiry on a loaded machine.
    const ttl = 3;
    const putSent = Date.now();
    await Promise.all(['a', 'b', 'c'].map((k) => kv.put(k, 'short', { ttl })));
    await kv.increment('n', 1, { ttl });
    await kv.put('kept', 'forever');
    await kv.put('later', 'v', { ttl: 600 });
    // Counts answered before the short rows could expire hold all six; the alarm then deletes them within the deadline.
    const counts: { done: number; rows: number }[] = [];
    const deadline = putSent + ttl * 1000 + 20_000;
    for (;;) {
      const n = await rows('fw-kv:alarm');
      counts.push({ done: Date.now(), rows: n });
      if (n <= 2 || Date.now() > deadline) break;
      await sleep(100);
    }
    const beforeExpiry = counts.filter((c) => c.done < putSent + ttl * 1000);
    expect(beforeExpiry.length).toBeGreaterThan(0);
    expect(beforeExpiry.every((c) => c.rows === 6)).toBe(true);
    expect(counts.at(-1)?.rows).toBe(2);
    expect(await kv.list()).toEqual(['kept', 'later']);
  });

  it('shares one store between calls of different requests, and keeps stores of different names apart', async () => {
    const one = remote('shared');
    const other = remote('shared-other');
    await one.put('x', '1');
    expect(await remote('shared').get('x')).toBe('1');
    expect(await other.get('x')).toBeNull();
  });

  it('lists keys in code-point order under prefixes at the edges of the range', async () => {
    const kv = remote('ranges');
    for (const k of ['a', 'a\u{10ffff}', 'a\u{10ffff}b', 'b', 'é', 'é1', '\u{10ffff}', '\u{10ffff}z']) await kv.put(k, 'v');
    expect(await kv.list({ prefix: 'a' })).toEqual(['a', 'a\u{10ffff}', 'a\u{10ffff}b']);
    expect(await kv.list({ prefix: 'a\u{10ffff}' })).toEqual(['a\u{10ffff}', 'a\u{10ffff}b']);
    expect(await kv.list({ prefix: 'é' })).toEqual(['é', 'é1']);
    expect(await kv.list({ prefix: '\u{10ffff}' })).toEqual(['\u{10ffff}', '\u{10ffff}z']);
    expect(await kv.list({ prefix: '%' })).toEqual([]);
  });

  it('shards by key prefix: each prefix in its own object, and a listing must name its prefix', async () => {
    const kv = remote('sharded', { shard: 'prefix' });
    for (const k of ['user:1', 'user:2', 'order:1', 'plain']) await kv.put(k, 'v');
    expect(await kv.list({ prefix: 'user:' })).toEqual(['user:1', 'user:2']);
    expect(await kv.list({ prefix: 'order:1' })).toEqual(['order:1']);
    expect(await kv.get('plain')).toBe('v');
    expect(await rows('fw-kv:sharded:user')).toBe(2);
    expect(await rows('fw-kv:sharded:order')).toBe(1);
    expect(await rows('fw-kv:sharded')).toBe(1);
    await expect(kv.list()).rejects.toThrow(/sharded by key prefix: list needs a prefix containing ":"/);
    await expect(kv.list({ prefix: 'user' })).rejects.toThrow(TypeError);
    expect(await kv.increment('user:count', 3)).toBe(3);
  });

  it('refuses keys and values too large for a Durable Object row or with lone surrogates, and bad listing prefixes', async () => {
    const kv = remote('sizes');
    await expect(kv.put('k'.repeat(2049), 'v')).rejects.toThrow(/key is at most 2048 bytes \(UTF-8\), got 2049/);
    await expect(kv.get('é'.repeat(1025))).rejects.toThrow(/key is at most 2048 bytes/);
    await expect(kv.put('big', 'x'.repeat(2_000_001))).rejects.toThrow(/value is at most 2000000 bytes \(UTF-8\), got 2000001/);
    await kv.put('edge', 'x'.repeat(2_000_000));
    expect((await kv.get('edge'))?.length).toBe(2_000_000);
    await expect(kv.list({ prefix: 5 as unknown as string })).rejects.toThrow(/prefix must be a string/);
    await expect(kv.put('lone', 'ok \ud800 then')).rejects.toThrow(/value must be well-formed Unicode: it has a lone surrogate at index 3/);
    await expect(kv.get('k\udc00')).rejects.toThrow(/key must be well-formed Unicode/);
    await kv.put('pair', 'a 𝄞 b');
    expect(await kv.get('pair')).toBe('a 𝄞 b');
    await expect(kv.increment('k', 1.5)).rejects.toThrow(TypeError);
    await kv.put('max', String(Number.MAX_SAFE_INTEGER));
    await expect(kv.increment('max')).rejects.toThrow(/would pass the largest safe integer/);
    expect(await kv.get('max')).toBe(String(Number.MAX_SAFE_INTEGER));
  });

  it('refuses a ttl past the 100 years an alarm can cover before anything is written (put and increment)', async () => {
    const kv = remote('far-ttl');
    // 8e9 s ends after 2262, where workerd refuses the cleanup alarm; 5.2e9 s is past the 100-year maximum.
    for (const ttl of [8e9, 5.2e9, 100 * 365 * 86_400 + 1]) {
      await expect(kv.put('p', 'v', { ttl })).rejects.toThrow(
        new TypeError(
          `A Durable Object KV ttl is at most 3153600000 seconds (100 years: a Durable Object alarm cannot be set later), got ${ttl}`,
        ),
      );
      await expect(kv.increment('n', 1, { ttl })).rejects.toThrow(/ttl is at most 3153600000 seconds/);
    }
    expect(await kv.get('p')).toBeNull();
    expect(await kv.get('n')).toBeNull();
    expect(await rows('fw-kv:far-ttl')).toBe(0);
    await kv.put('p', 'v', { ttl: 100 * 365 * 86_400 });
    expect(await kv.get('p')).toBe('v');
    expect(await kv.increment('n', 2, { ttl: 3e9 })).toBe(2);
  });

  it('loses no update when concurrent increments create keys whose alarm is set before their row is written', async () => {
    const kv = remote('alarm-first');
    // Each new key expires sooner than the last, so each creation moves the alarm earlier between its read and write.
    await Promise.all(Array.from({ length: 100 }, (_, i) => kv.increment(`k${i % 20}`, 1, { ttl: 200 - i })));
    const values = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.get(`k${i}`)));
    expect(values).toEqual(Array.from({ length: 20 }, () => '5'));
  });

  it('refuses list limits SQLite cannot take, a cursor and a prefix with a lone surrogate, with a TypeError', async () => {
    const kv = remote('list-checks');
    await kv.put('a', '1');
    await expect(kv.list({ limit: 1e20 })).rejects.toThrow(
      new TypeError('A KV list limit must be a positive safe integer (at most 9007199254740991), got 100000000000000000000'),
    );
    await expect(kv.list({ limit: 2 ** 53 })).rejects.toThrow(/positive safe integer/);
    await expect(kv.list({ limit: 0 })).rejects.toThrow(/limit must be a positive integer/);
    await expect(kv.list({ limit: 1.5 })).rejects.toThrow(/limit must be a positive integer/);
    await expect(kv.list({ prefix: 'a\ud800' })).rejects.toThrow(/prefix must be well-formed Unicode/);
    await expect(send({ store: 'list-checks', op: 'list', cursor: 'a' })).rejects.toThrow(/takes no cursor/);
    expect(await kv.list({ limit: Number.MAX_SAFE_INTEGER })).toEqual(['a']);
  });

  it('gives up on an object that does not answer within timeoutMs, with an Error naming the store', async () => {
    const started = Date.now();
    await expect(send({ store: 'slow', binding: 'STALL', timeoutMs: 300, op: 'get', key: 'k' })).rejects.toThrow(
      new Error('durableObjectKV "slow": the Durable Object did not answer within 300 ms (timeoutMs)'),
    );
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(send({ store: 'slow', binding: 'STALL', timeoutMs: 300, op: 'put', key: 'k', value: 'v' })).rejects.toThrow(
      /did not answer within 300 ms/,
    );
  });

  it('says what to fix when the binding is missing or the class has no SQLite storage', async () => {
    await expect(send({ store: 's', binding: 'MISSING', op: 'get', key: 'k' })).rejects.toThrow(
      /needs a Durable Object namespace binding of the FwKVObject class.*new_sqlite_classes/,
    );
    await expect(send({ store: 's', binding: 'PLAIN_KV', op: 'get', key: 'k' })).rejects.toThrow(
      /the Durable Object failed \(SQL is not enabled .* change `new_classes` to `new_sqlite_classes`/,
    );
  });

  it('answers a request that is not a KV call with a 400 and a JSON error', async () => {
    const res = await fetch(new URL('/raw', url));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { type: 'TypeError', message: 'fw Durable Object calls are POST requests with their arguments as JSON in the fw-args header' },
    });
  });

  it('fails at startup with the fix when given something that is not a namespace or a bad option', () => {
    expect(() => durableObjectKV({} as never)).toThrow(/needs a Durable Object namespace binding of the FwKVObject class/);
    expect(() => durableObjectKV(undefined as never)).toThrow(/wrangler.toml/);
    const ns = { idFromName: () => ({}), get: () => ({ fetch: async () => new Response() }) };
    expect(() => durableObjectKV(ns, { name: '' })).toThrow(/name must be a non-empty string/);
    expect(() => durableObjectKV(ns, { shard: 'key' as never })).toThrow(/shard must be 'store' or 'prefix'/);
    expect(() => durableObjectKV(ns, { shard: 'prefix', separator: '' })).toThrow(/separator must be a non-empty string/);
    expect(() => durableObjectKV(ns, { timeoutMs: 0 })).toThrow(/durableObjectKV.timeoutMs must be a positive integer of milliseconds/);
  });
});
