import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from './helpers';

describe('workersKV(namespace) on a real KV namespace in workerd', () => {
  let mf: Miniflare;

  async function call(
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: { result?: unknown; error?: string; code?: string } }> {
    const response = await mf.dispatchFetch('http://localhost/', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    return { status: response.status, body: (await response.json()) as { result?: unknown } };
  }
  const result = async (body: Record<string, unknown>): Promise<unknown> => {
    const { status, body: out } = await call(body);
    expect(status, JSON.stringify(out)).toBe(200);
    return out.result;
  };

  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/kv-worker.ts'), { kvNamespaces: ['KV'] });
  });
  afterAll(() => mf?.dispose());

  it('gets, puts and deletes', async () => {
    expect(await result({ op: 'get', key: 'missing' })).toBeNull();
    await result({ op: 'put', key: 'greeting', value: 'hello' });
    expect(await result({ op: 'get', key: 'greeting' })).toBe('hello');
    await result({ op: 'put', key: 'greeting', value: '' });
    expect(await result({ op: 'get', key: 'greeting' })).toBe('');
    await result({ op: 'delete', key: 'greeting' });
    expect(await result({ op: 'get', key: 'greeting' })).toBeNull();
    await result({ op: 'delete', key: 'greeting' });
  });

  it('lists keys by prefix in lexical order, with a limit', async () => {
    for (const key of ['list:b', 'list:a', 'list:c', 'other:a']) await result({ op: 'put', key, value: key });
    expect(await result({ op: 'list', prefix: 'list:' })).toEqual(['list:a', 'list:b', 'list:c']);
    expect(await result({ op: 'list', prefix: 'list:', limit: 2 })).toEqual(['list:a', 'list:b']);
    expect(await result({ op: 'list', prefix: 'none:' })).toEqual([]);
  });

  it('follows the listing cursor past one page of 1000 keys', async () => {
    expect(await result({ op: 'seed', prefix: 'many:', count: 1205 })).toBe(1205);
    const keys = (await result({ op: 'list', prefix: 'many:' })) as string[];
    expect(keys).toHaveLength(1205);
    expect(keys[0]).toBe('many:00000');
    expect(keys[1204]).toBe('many:01204');
    expect(new Set(keys).size).toBe(1205);
    expect(await result({ op: 'list', prefix: 'many:', limit: 1100 })).toHaveLength(1100);
  }, 120_000);

  it('passes TTLs of 60 s and more to KV as expirationTtl', async () => {
    const before = Math.floor(Date.now() / 1000);
    await result({ op: 'put', key: 'long', value: 'v', ttl: 300 });
    const raw = await mf.getKVNamespace('KV');
    const listed = await raw.list({ prefix: 'long' });
    expect(listed.keys[0].expiration).toBeGreaterThanOrEqual(before + 299);
    expect(listed.keys[0].expiration).toBeLessThanOrEqual(before + 302);
    expect(await result({ op: 'get', key: 'long' })).toBe('v');
  });

  it('keeps TTLs shorter than KV allows exact by hiding the entry once it expires', async () => {
    await result({ op: 'put', key: 'short:1', value: 'soon gone', ttl: 1 });
    expect(await result({ op: 'get', key: 'short:1' })).toBe('soon gone');
    expect(await result({ op: 'list', prefix: 'short:' })).toEqual(['short:1']);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await result({ op: 'get', key: 'short:1' })).toBeNull();
    expect(await result({ op: 'list', prefix: 'short:' })).toEqual([]);
    const raw = await mf.getKVNamespace('KV');
    const listed = await raw.list({ prefix: 'short:' });
    expect(listed.keys).toHaveLength(1);
    expect(listed.keys[0].metadata).toEqual({ expiresAt: expect.any(Number) });
  });

  it('increments counters from zero, keeping the TTL set when the counter was created', async () => {
    expect(await result({ op: 'increment', key: 'hits' })).toBe(1);
    expect(await result({ op: 'increment', key: 'hits', by: 5 })).toBe(6);
    expect(await result({ op: 'increment', key: 'hits', by: -2 })).toBe(4);
    expect(await result({ op: 'get', key: 'hits' })).toBe('4');

    expect(await result({ op: 'increment', key: 'window', ttl: 120 })).toBe(1);
    const raw = await mf.getKVNamespace('KV');
    const first = (await raw.getWithMetadata('window')).metadata as { expiresAt: number };
    expect(await result({ op: 'increment', key: 'window', ttl: 999 })).toBe(2);
    const second = (await raw.getWithMetadata('window')).metadata as { expiresAt: number };
    expect(second.expiresAt).toBe(first.expiresAt);
  });

  it('restarts a counter whose short TTL has passed', async () => {
    expect(await result({ op: 'increment', key: 'burst', ttl: 1 })).toBe(1);
    expect(await result({ op: 'increment', key: 'burst', ttl: 1 })).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await result({ op: 'increment', key: 'burst', ttl: 1 })).toBe(1);
  });

  it('rejects bad calls with clear errors', async () => {
    await result({ op: 'put', key: 'word', value: 'abc' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ op: 'increment', key: 'word' }, /KV key "word" holds "abc", not an integer counter/],
      [{ op: 'increment', key: 'hits', by: 'two' }, /increment must be an integer/],
      [{ op: 'put', key: 'k', value: 'v', ttl: -5 }, /ttl must be a positive number/],
      [{ op: 'put', key: 'k', value: 'v', ttl: 'soon' }, /ttl must be a positive number/],
      [{ op: 'put', key: 'k', value: 42 }, /value must be a string/],
      [{ op: 'get', key: '' }, /key must be a non-empty string/],
      [{ op: 'list', limit: 0 }, /limit must be a positive integer/],
      [{ op: 'wrap' }, /needs a Workers KV namespace binding/],
    ];
    for (const [body, message] of cases) {
      const { status, body: out } = await call(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(out.code).toBe('BAD_KV_CALL');
      expect(out.error).toMatch(message);
    }
  });
});
