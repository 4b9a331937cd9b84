import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, EventBusBridge } from '../../src/event-bus';
import * as fwLambda from '../../targets/lambda';
import * as fwNode from '../../targets/node';
import { redisBusTransport } from '../../targets/node/redis-bus';

const fixture = fileURLToPath(new URL('./fixtures/stream-peer.ts', import.meta.url));
const base = `fw:test:streams:${process.pid}:${Date.now()}`;
let serial = 0;
const unique = (what: string) => `${base}:${what}:${serial++}`;

let admin: Redis;
const cleanup: (() => Promise<unknown>)[] = [];
beforeAll(() => {
  admin = new Redis('redis://127.0.0.1:6379');
});
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
afterAll(async () => {
  const keys = await admin.keys(`${base}:*`);
  if (keys.length > 0) await admin.del(...keys);
  admin.disconnect();
});

async function waitUntil(test: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Got {
  topic: string;
  payload: number;
  id: string;
}

/** A bridge on its own bus whose handlers record every remote event, and every error its bridge reports. */
async function peer(options: Parameters<typeof redisBusTransport>[0] = {}) {
  const bus = new EventBus();
  const got: Got[] = [];
  const errors: Error[] = [];
  const bridge = new EventBusBridge(bus, { transport: redisBusTransport(options), onError: (error) => errors.push(error as Error) });
  bus.on('**', (payload, event) => {
    if (event.remote) got.push({ topic: event.topic, payload: payload as number, id: event.id as string });
  });
  await bridge.start();
  cleanup.push(() => bridge.stop());
  return { bus, bridge, got, errors };
}

/** Per topic, the payloads in arrival order must be 0, 1, 2, … with none missing, repeated or out of place. */
function expectInOrder(got: Got[], topics: string[], perTopic: number): void {
  for (const topic of topics) {
    const payloads = got.filter((g) => g.topic === topic).map((g) => g.payload);
    expect(payloads).toEqual(Array.from({ length: perTopic }, (_, i) => i));
  }
}

class Child {
  readonly lines: Got[] = [];
  readonly stderr: string[] = [];
  ready: Promise<void>;
  constructor(readonly process: ChildProcessWithoutNullStreams) {
    let markReady: () => void = () => undefined;
    this.ready = new Promise((resolve) => {
      markReady = resolve;
    });
    createInterface({ input: process.stdout }).on('line', (text) => {
      const line = JSON.parse(text) as Got & { ready?: string };
      if (line.ready) markReady();
      else this.lines.push(line);
    });
    process.stderr.on('data', (d) => this.stderr.push(String(d)));
  }
}

function startChild(channel: string, group: string, consumer: string, handlerMs: number, maxDeliveries = 10): Child {
  // node itself (not the tsx wrapper, which would survive as a parent while its child runs on), so SIGKILL kills the consumer
  const args = ['--import', 'tsx', fixture, channel, group, consumer, String(handlerMs), String(maxDeliveries)];
  const child = new Child(spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] }));
  cleanup.push(async () => {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL');
      await new Promise((resolve) => child.process.once('exit', resolve));
    }
  });
  return child;
}

function kill(child: Child): Promise<unknown> {
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGKILL');
  return exited;
}

/** The ids of the connections named `name` whose last command is one of `commands`. */
async function connectionsOf(name: string, commands: string[]): Promise<string[]> {
  const list = (await admin.call('CLIENT', 'LIST')) as string;
  return list
    .split('\n')
    .map((line) => Object.fromEntries(line.split(' ').map((pair) => pair.split('=') as [string, string])))
    .filter((c) => c.name === name && commands.includes(c.cmd))
    .map((c) => c.id);
}

describe('redisBusTransport in Streams mode (real Redis)', () => {
  it('delivers every event once, in order per topic, to a consumer group and to a group-less reader', async () => {
    const channel = unique('order');
    const topics = ['order.created', 'order.paid', 'user.seen'];
    const grouped = await peer({ channel, group: 'billing' });
    const plain = await peer({ channel });
    const sender = await peer({ channel });
    for (let i = 0; i < 200; i++) for (const topic of topics) sender.bus.emit(topic, i);
    await waitUntil(() => grouped.got.length >= 600 && plain.got.length >= 600, '600 events on both');
    expectInOrder(grouped.got, topics, 200);
    expectInOrder(plain.got, topics, 200);
    expect(grouped.errors).toEqual([]);
    expect(grouped.bridge.stats()).toMatchObject({ received: 600, errors: 0, redeliveries: 0 });
    await waitUntil(() => grouped.bridge.stats().pending === 0, 'acknowledgements');
    expect(await admin.call('XPENDING', channel, 'billing')).toEqual([0, null, null, null]);
  });

  it('a consumer killed before acknowledging: another consumer of its group claims the pending entries, same event.id', async () => {
    const channel = unique('claim');
    const sender = await peer({ channel });
    const victim = startChild(channel, 'workers', 'a', 60_000);
    await victim.ready;
    for (let i = 0; i < 30; i++) sender.bus.emit('job.run', i);
    await waitUntil(() => victim.lines.length > 0, 'the first event in the child');
    await kill(victim);
    const [pendingBefore] = (await admin.call('XPENDING', channel, 'workers')) as [number];
    expect(pendingBefore).toBeGreaterThan(0);

    const rescuer = await peer({ channel, group: 'workers', consumer: 'b', claimIdleMs: 200, claimIntervalMs: 100 });
    await waitUntil(() => new Set(rescuer.got.map((g) => g.payload)).size === 30, 'all 30 jobs in the second consumer');
    const first = rescuer.got.find((g) => g.payload === victim.lines[0].payload);
    expect(first?.id).toBe(victim.lines[0].id);
    expect(rescuer.bridge.stats().redeliveries).toBeGreaterThanOrEqual(1);
    await waitUntil(() => rescuer.bridge.stats().pending === 0, 'acknowledgements');
    expect(await admin.call('XPENDING', channel, 'workers')).toEqual([0, null, null, null]);
  });

  it('a restarted consumer (same group and name) gets its pending entries first: nothing lost, order kept, repeats keep their id', async () => {
    const channel = unique('restart');
    const sender = await peer({ channel });
    const first = startChild(channel, 'mailer', 'm1', 150);
    await first.ready;
    for (let i = 0; i < 40; i++) sender.bus.emit('mail.send', i);
    await waitUntil(() => first.lines.length >= 3, 'three events in the first run');
    await kill(first);
    const seenBefore = first.lines.map((l) => l.payload);

    const second = startChild(channel, 'mailer', 'm1', 0);
    await waitUntil(() => second.lines.some((l) => l.payload === 39), 'the last event after the restart');
    const all = [...first.lines, ...second.lines];
    expect(new Set(all.map((l) => l.payload)).size).toBe(40);
    const after = second.lines.map((l) => l.payload);
    expect(after).toEqual([...after].sort((x, y) => x - y));
    const repeated = second.lines.filter((l) => seenBefore.includes(l.payload));
    expect(repeated.length).toBeGreaterThanOrEqual(1);
    for (const r of repeated) expect(r.id).toBe(first.lines.find((l) => l.payload === r.payload)?.id);
  });

  it('an event whose handler crashes the process every time goes to <channel>:dead after maxDeliveries, and the rest flows', async () => {
    const channel = unique('poison');
    const sender = await peer({ channel });
    const runs: Child[] = [];
    for (let run = 0; run < 4 && !runs.some((c) => c.lines.some((l) => l.payload === 1)); run++) {
      const child = startChild(channel, 'mailer', 'm1', 0, 2);
      runs.push(child);
      await child.ready;
      if (run === 0) {
        sender.bus.emit('mail.send', 'crash' as never);
        sender.bus.emit('mail.send', 1);
      }
      await waitUntil(() => child.process.exitCode !== null || child.lines.some((l) => l.payload === 1), 'a crash or event 1');
    }
    expect(runs.map((c) => c.process.exitCode)).toEqual([3, 3, null]);
    const last = runs[2];
    // stderr is its own pipe: the report may arrive after event 1 reached stdout
    await waitUntil(() => last.stderr.join('').includes('was delivered'), 'the dead-letter report on stderr');
    expect(last.lines.map((l) => l.payload)).toEqual([1]);
    expect(last.stderr.join('').match(/was delivered/g)).toHaveLength(1);
    expect(last.stderr.join('')).toMatch(
      /was delivered 3 times without being acknowledged \(maxDeliveries 2; .*moved to ".*:dead" and acknowledged/,
    );
    const dead = (await admin.call('XRANGE', `${channel}:dead`, '-', '+')) as [string, string[]][];
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0][1][1])).toMatchObject({ topic: 'mail.send', payload: 'crash' });
    // the child acknowledges event 1 after its handler has printed it
    const pending = async () => ((await admin.call('XPENDING', channel, 'mailer')) as unknown[])[0] === 0;
    await waitUntil(pending, 'the acknowledgement of event 1');
    expect(await admin.call('XPENDING', channel, 'mailer')).toEqual([0, null, null, null]);
  });

  it.each([
    ['a consumer group', { group: 'cut' }],
    ['a group-less reader', {}],
  ])('the reader connection cut (CLIENT KILL) with %s: onError is told, it reconnects, no event is lost', async (_what, extra) => {
    const channel = unique('cut');
    const name = unique('conn').replaceAll(':', '-');
    const reader = await peer({ channel, ...extra, redisOptions: { connectionName: name } });
    const sender = await peer({ channel });
    for (let i = 0; i < 100; i++) sender.bus.emit('tick.a', i);
    await waitUntil(() => reader.got.length >= 100, 'the first 100 events');
    const ids = await connectionsOf(name, ['xreadgroup', 'xread']);
    expect(ids).toHaveLength(1);
    await admin.call('CLIENT', 'KILL', 'ID', ids[0]);
    for (let i = 100; i < 200; i++) sender.bus.emit('tick.a', i);
    await waitUntil(() => reader.got.length >= 200, 'all 200 events after the cut');
    expectInOrder(reader.got, ['tick.a'], 200);
    expect(reader.errors.some((e) => /connection lost; reconnecting \(no entry is lost/.test(e.message))).toBe(true);
    await waitUntil(() => reader.bridge.stats().reconnects >= 1, 'the reconnect count');
    expect(reader.bridge.stats().errors).toBeGreaterThanOrEqual(1);
  });

  it("a cut while entries it was handed wait unhandled: re-reading them beside the claims keeps the stream's order", async () => {
    // Entries a read took before a cut and never handed over wait in the consumer's own pending list: it re-reads them one
    // at a time while its claim timer runs. A claim that ran between a re-read and its handling took the (idle) entries
    // behind the re-read one first.
    const channel = unique('reread');
    const name = unique('conn').replaceAll(':', '-');
    const reader = await peer({
      channel,
      group: 'g',
      consumer: 'c1',
      claimIdleMs: 50,
      claimIntervalMs: 1,
      redisOptions: { connectionName: name },
    });
    reader.bus.on('order.a', () => new Promise((resolve) => setTimeout(resolve, 10)));
    await waitUntil(() => reader.bridge.stats().reconnects === 0 && reader.got.length === 0, 'the reader');
    let ids: string[] = [];
    while (ids.length === 0) ids = await connectionsOf(name, ['xreadgroup']);
    // Added and taken for c1 in one transaction, so its blocked read gets none of them: as if a read's answer was lost.
    const lost = admin.multi();
    for (let i = 0; i < 40; i++)
      lost.xadd(channel, '*', 'm', JSON.stringify({ v: 1, id: `w:${i}`, origin: 'w', topic: 'order.a', payload: i }));
    lost.xreadgroup('GROUP', 'g', 'c1', 'COUNT', 40, 'STREAMS', channel, '>');
    await lost.exec();
    await admin.call('CLIENT', 'KILL', 'ID', ids[0]);
    await waitUntil(() => reader.got.length >= 40, 'the 40 re-read or claimed entries');
    expectInOrder(reader.got, ['order.a'], 40);
    const settled = async () => ((await admin.call('XPENDING', channel, 'g')) as [number])[0] === 0;
    await waitUntil(settled, 'no entry pending for the group');
  });

  it('the publishing connection cut (CLIENT KILL): onError is told, publishes wait for the reconnect, no event is lost', async () => {
    const channel = unique('pubcut');
    const name = unique('pub').replaceAll(':', '-');
    const reader = await peer({ channel, group: 'readers' });
    const sender = await peer({ channel, redisOptions: { connectionName: name } });
    for (let i = 0; i < 100; i++) sender.bus.emit('tick.b', i);
    await waitUntil(() => reader.got.length >= 100, 'the first 100 events');
    const ids = await connectionsOf(name, ['xadd']);
    expect(ids).toHaveLength(1);
    await admin.call('CLIENT', 'KILL', 'ID', ids[0]);
    for (let i = 100; i < 200; i++) sender.bus.emit('tick.b', i);
    await waitUntil(() => reader.got.length >= 200, 'all 200 events after the cut');
    expectInOrder(reader.got, ['tick.b'], 200);
    expect(sender.errors.map((e) => e.message)).toContain(
      'Redis bus publishing connection lost; reconnecting (publishes wait for it and fail only if it does not come back, each failure reported)',
    );
    await waitUntil(() => sender.bridge.stats().reconnects === 1, 'the reconnect count');
  });

  it("acknowledges only after the handlers settled: close() leaves a stuck handler's entry pending for the group", async () => {
    const channel = unique('stuck');
    const sender = await peer({ channel });
    const bus = new EventBus();
    const bridge = new EventBusBridge(bus, { transport: redisBusTransport({ channel, group: 'jobs', consumer: 'stuck' }) });
    let started = false;
    bus.on('job.hang', () => {
      started = true;
      return new Promise(() => undefined);
    });
    await bridge.start();
    sender.bus.emit('job.hang', 1);
    await waitUntil(() => started, 'the stuck handler');
    expect(bridge.stats().pending).toBe(1);
    await bridge.stop();
    expect(((await admin.call('XPENDING', channel, 'jobs')) as [number])[0]).toBe(1);
    const rescuer = await peer({ channel, group: 'jobs', consumer: 'other', claimIdleMs: 100, claimIntervalMs: 50 });
    await waitUntil(() => rescuer.got.length === 1, 'the claimed entry');
    expect(rescuer.got[0]).toMatchObject({ topic: 'job.hang', payload: 1 });
    expect(rescuer.bridge.stats().redeliveries).toBe(1);
  });

  it('a stream deleted under a running group (DEL) is reported, the group made again, and later events arrive', async () => {
    const channel = unique('deleted');
    const reader = await peer({ channel, group: 'survivors' });
    const sender = await peer({ channel });
    sender.bus.emit('x.y', 0);
    await waitUntil(() => reader.got.length === 1, 'the first event');
    await admin.del(channel);
    await waitUntil(() => reader.errors.some((e) => /NOGROUP/.test(e.message)), 'the NOGROUP report');
    const groups = async () => ((await admin.call('XINFO', 'GROUPS', channel).catch(() => [])) as unknown[]).length;
    while ((await groups()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    sender.bus.emit('x.y', 1);
    await waitUntil(() => reader.got.length === 2, 'an event after the group came back');
  });

  it('bounds the stream with maxLen (XADD MAXLEN ~)', async () => {
    const channel = unique('maxlen');
    const transport = redisBusTransport({ channel, maxLen: 100 });
    cleanup.push(() => transport.close());
    for (let i = 0; i < 1000; i++) await transport.publish(`{"n":${i}}`);
    const length = Number(await admin.call('XLEN', channel));
    expect(length).toBeGreaterThanOrEqual(100);
    expect(length).toBeLessThan(300);
  });

  it('reports pending entries trimmed by maxLen before anyone acknowledged them as lost events', async () => {
    const channel = unique('trimmed');
    await admin.call('XGROUP', 'CREATE', channel, 'slow', '$', 'MKSTREAM');
    const sender = redisBusTransport({ channel, maxLen: 10 });
    cleanup.push(() => sender.close());
    await sender.publish('{"v":1,"id":"x:0","origin":"x","topic":"a.b","payload":0}');
    await admin.call('XREADGROUP', 'GROUP', 'slow', 'dead', 'COUNT', 10, 'STREAMS', channel, '>');
    for (let i = 1; i < 500; i++) await sender.publish(`{"v":1,"id":"x:${i}","origin":"x","topic":"a.b","payload":${i}}`);
    const survivor = await peer({ channel, group: 'slow', consumer: 'alive', claimIdleMs: 1, claimIntervalMs: 50 });
    await waitUntil(
      () =>
        survivor.errors.some((e) =>
          /trimmed from the stream \(MAXLEN\) before any consumer acknowledged it: its event is lost/.test(e.message),
        ),
      'the trimmed entry report',
    );
  });

  it('is exported by fw/node and fw/lambda (with both transport classes)', () => {
    for (const entry of [fwNode, fwLambda]) {
      expect(entry.redisBusTransport).toBe(redisBusTransport);
      expect(entry.redisBusTransport({ channel: 'x' })).toBeInstanceOf(entry.RedisStreamTransport);
      expect(entry.redisBusTransport({ mode: 'pubsub', channel: 'x' })).toBeInstanceOf(entry.RedisPubSubTransport);
    }
  });

  it('refuses a second subscribe on one transport', async () => {
    const transport = redisBusTransport({ channel: unique('twice') });
    cleanup.push(() => transport.close());
    await transport.subscribe(() => undefined);
    await expect(transport.subscribe(() => undefined)).rejects.toThrow(/already subscribed/);
  });

  it.each([
    [{ mode: 'fast' }, /mode must be 'streams' \(default\) or 'pubsub', got "fast"/],
    [{ maxLen: 0 }, /maxLen must be an integer from 1/],
    [{ maxLen: 1.5 }, /maxLen must be an integer/],
    [{ claimIdleMs: -1 }, /claimIdleMs must be an integer/],
    [{ batchSize: 20_000 }, /batchSize must be an integer from 1 to 10000/],
    [{ maxDeliveries: 0 }, /maxDeliveries must be an integer from 1/],
    [{ consumer: 'a' }, /consumer needs a group/],
    [{ group: '' }, /group must be a non-empty string/],
    [{ group: 'two words' }, /group must be a non-empty string without spaces/],
    [{ mode: 'pubsub', group: 'g' }, /group is an option of the Streams mode; pub\/sub has no groups/],
    [{ chanel: 'x' }, /unknown option "chanel"/],
    [{ url: 'http://127.0.0.1:6379' }, /url must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ client: {} }, /client must be an ioredis client/],
    [{ channel: '' }, /channel must be a non-empty string/],
  ])('rejects bad options at construction: %j', (options, message) => {
    expect(() => redisBusTransport(options as never)).toThrow(message);
  });
});

describe('redisBusTransport in pub/sub mode (real Redis)', () => {
  it('delivers while connected, and reports a cut connection as loss (fire and forget)', async () => {
    const channel = unique('pubsub');
    const name = unique('sub').replaceAll(':', '-');
    const reader = await peer({ mode: 'pubsub', channel, redisOptions: { connectionName: name } });
    const sender = await peer({ mode: 'pubsub', channel });
    sender.bus.emit('news.one', 0);
    await waitUntil(() => reader.got.length === 1, 'the first event');
    const ids = await connectionsOf(name, ['subscribe']);
    expect(ids).toHaveLength(1);
    await admin.call('CLIENT', 'KILL', 'ID', ids[0]);
    await waitUntil(() => reader.bridge.stats().reconnects >= 1, 'the resubscription');
    expect(reader.errors.some((e) => /connection lost; reconnecting \(pub\/sub is fire and forget/.test(e.message))).toBe(true);
    sender.bus.emit('news.one', 1);
    await waitUntil(() => reader.got.length === 2, 'an event after the reconnect');
    expect(reader.bridge.stats()).toMatchObject({ redeliveries: 0, pending: 0 });
  });
});
