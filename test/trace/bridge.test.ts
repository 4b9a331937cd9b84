import { afterAll, describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import type { KVStore } from '../../src/kv/types';
import { MemoryKV } from '../../src/kv/memory';
import { KVTraceBridge, trace, type RequestTrace } from '../../src/trace';
import { RedisKV } from '../../targets/node/redis-kv';

/** Two instances (frontend calls backend with the traceparent) sharing one store; the bridge joins their spans. */
async function crossInstanceTrace(store: KVStore) {
  const bridge = new KVTraceBridge(store, { ttlSeconds: 60 });
  const backend = new Fw();
  await backend.plugin(trace({ service: 'backend', onSpan: bridge.handler }));
  backend.get('/stock/:sku', () => ({ left: 3 }));
  const frontend = new Fw();
  await frontend.plugin(trace({ service: 'frontend', onSpan: bridge.handler }));
  frontend.get('/product/:sku', async (ctx: any) => {
    const t = ctx.state['fw:span'] as RequestTrace;
    const stock = await backend.fetch(
      new Request(`http://backend/stock/${ctx.params.sku}`, { headers: { traceparent: t.traceparent } }),
      {},
      { waitUntil: (p) => ctx.waitUntil(p) },
    );
    return { sku: ctx.params.sku, stock: await stock.json(), traceId: t.traceId };
  });
  const pending: Promise<unknown>[] = [];
  const res = await frontend.fetch(
    new Request('http://frontend/product/A1'),
    {},
    {
      waitUntil: (p) => {
        pending.push(p);
      },
    },
  );
  const body = (await res.json()) as { traceId: string };
  await Promise.all(pending);
  return { bridge, traceId: body.traceId };
}

describe('KVTraceBridge', () => {
  it('joins spans stored by two instances through a memory KVStore', async () => {
    const { bridge, traceId } = await crossInstanceTrace(new MemoryKV());
    const joined = await bridge.getTrace(traceId);
    expect(joined?.services.sort()).toEqual(['backend', 'frontend']);
    expect(joined?.roots).toHaveLength(1);
    expect(joined?.roots[0].span.name).toBe('GET /product/:sku');
    expect(joined?.roots[0].children.map((c) => c.span.name)).toEqual(['GET /stock/:sku']);
  });

  const redis = new RedisKV({ prefix: `fw-test-trace-${process.pid}-${Date.now()}:` });
  afterAll(() => redis.close());

  it('joins spans stored by two instances through Redis', async () => {
    const { bridge, traceId } = await crossInstanceTrace(redis);
    const joined = await bridge.getTrace(traceId);
    expect(joined?.spans).toHaveLength(2);
    expect(joined?.roots[0].children[0].span).toMatchObject({ service: 'backend', parentSpanId: joined?.roots[0].span.spanId, traceId });
  });

  it('unknown traces are null; bad ids and stores are clear errors; corrupt entries are skipped', async () => {
    const store = new MemoryKV();
    const bridge = new KVTraceBridge(store);
    expect(await bridge.getTrace('4bf92f3577b34da6a3ce929d0e0e4736')).toBeNull();
    await store.put('fw:trace:4bf92f3577b34da6a3ce929d0e0e4736:x', '{broken');
    expect(await bridge.getTrace('4bf92f3577b34da6a3ce929d0e0e4736')).toBeNull();
    await expect(bridge.getTrace('nope')).rejects.toThrow(/32 lowercase hex/);
    expect(() => new KVTraceBridge(null as never)).toThrow(/needs a KVStore/);
  });
});
