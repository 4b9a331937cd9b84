/**
 * The worker script of the bus-loss workers case, run twice in one workerd (miniflare): as the sender (no CONSUMER
 * binding) and as the receiver (CONSUMER = its durable consumer name). Both bridge an EventBus through
 * `KVBusTransport(durableObjectKV(FW_KV, { name: 'bus' }))`, polled per request as workers do.
 * - `POST /emit?from=<i>&count=<n>`: emits `iso.t<i % 4>` with payload `{ s: i }` for each i, one after the other.
 * - `POST /poll?p=<n>`: one bridge poll; every event handled is first recorded in the ledger store (`durableObjectKV`
 *   name `ledger`) as key `h:<run>:<order>:<poll>:<topic>:<s>`, before its handler returns. Answers `{ run, handled }`.
 * - `GET /progress`: `{ run, handled }` of this isolate, answered while a poll runs. `GET /ledger`: every ledger key.
 */
import { Fw } from '../../src/app/fw';
import type { Context } from '../../src/core/context';
import { EventBus, EventBusBridge, KVBusTransport } from '../../src/event-bus';
import { type DurableObjectNamespaceLike, durableObjectKV, FwKVObject, worker } from '../../targets/worker';

export { FwKVObject };

interface Env {
  FW_KV: DurableObjectNamespaceLike;
  CONSUMER?: string;
  /** Milliseconds each receiver handler waits after recording its event, so a poll outlasts the kill's delay. */
  HANDLER_DELAY_MS?: string;
}

/** This isolate's bus and bridge, made at its first request (workers forbid random values at module scope). */
interface Isolate {
  run: string;
  bus: EventBus;
  bridge: EventBusBridge;
  handled: number;
  poll: string;
}

let isolate: Isolate | null = null;

function setUp(env: Env): Isolate {
  if (isolate) return isolate;
  const bus = new EventBus();
  const transport = new KVBusTransport(durableObjectKV(env.FW_KV, { name: 'bus' }), {
    channel: 'iso',
    consumer: env.CONSUMER,
    pollIntervalMs: 0,
    ttlSeconds: 3600,
  });
  const bridge = new EventBusBridge(bus, { transport, onError: (error) => console.error('[worker-isolate bus]', error) });
  const state: Isolate = { run: `${Date.now()}-${crypto.randomUUID().slice(0, 8)}`, bus, bridge, handled: 0, poll: '-' };
  if (env.CONSUMER) {
    const delayMs = Number(env.HANDLER_DELAY_MS ?? 0);
    const ledger = durableObjectKV(env.FW_KV, { name: 'ledger' });
    bus.on('iso.*', async (payload: { s: number }, event) => {
      const order = String(state.handled++).padStart(6, '0');
      await ledger.put(`h:${state.run}:${order}:${state.poll}:${event.topic}:${payload.s}`, '');
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    });
  }
  isolate = state;
  return state;
}

const app = new Fw();
app.post('/emit', async (ctx: Context<Env>) => {
  const state = setUp(ctx.env);
  await state.bridge.start();
  const from = Number(ctx.query.from);
  const count = Number(ctx.query.count);
  if (!Number.isInteger(from) || !Number.isInteger(count) || from < 0 || count < 1 || count > 10_000)
    return new Response(JSON.stringify({ error: 'from and count must be integers, 0 <= from, 1 <= count <= 10000' }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
  for (let i = from; i < from + count; i++) await state.bus.emitAsync(`iso.t${i % 4}`, { s: i });
  return { run: state.run, emitted: count };
});
app.post('/poll', async (ctx: Context<Env>) => {
  const state = setUp(ctx.env);
  const before = state.handled;
  state.poll = String(ctx.query.p ?? '-');
  await state.bridge.poll();
  return { run: state.run, handled: state.handled - before };
});
app.get('/progress', (ctx: Context<Env>) => {
  const state = setUp(ctx.env);
  return { run: state.run, handled: state.handled };
});
app.get('/ledger', async (ctx: Context<Env>) => durableObjectKV(ctx.env.FW_KV, { name: 'ledger' }).list({ prefix: 'h:' }));

export default worker(app);
