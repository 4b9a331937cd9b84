import { describe, expect, it } from 'vitest';
import { MetricsRecorder, OTHER_ROUTE, latencyBucketsMs, mergeDocs } from 'fw/metrics';

const slotMs = 1000;
const at = (ms: number) => Math.floor(Date.now() / slotMs) * slotMs + ms;

describe('MetricsRecorder', () => {
  it('counts answers per method and route, by status class and latency bucket', () => {
    const recorder = new MetricsRecorder({ slotMs: 60_000, slots: 5, maxRoutes: 10 });
    recorder.record('GET', '/users/:id', 200, 0.4);
    recorder.record('GET', '/users/:id', 404, 3);
    recorder.record('GET', '/users/:id', 503, 20_000);
    recorder.record('POST', '/users', 302, 7);
    const doc = recorder.snapshot();
    const users = doc.routes.find((r) => r.route === '/users/:id')!;
    expect(users.slots).toHaveLength(1);
    const slot = users.slots[0];
    expect(slot.count).toBe(3);
    expect(slot.status).toEqual({ '2xx': 1, '3xx': 0, '4xx': 1, '5xx': 1 });
    expect(slot.buckets).toHaveLength(latencyBucketsMs.length + 1);
    expect(slot.buckets[0]).toBe(1); // 0.4 ms <= 1
    expect(slot.buckets[latencyBucketsMs.indexOf(5)]).toBe(1); // 3 ms in (2.5, 5]
    expect(slot.buckets[latencyBucketsMs.length]).toBe(1); // above 10 s: +Inf
    expect(slot.sumMs).toBeCloseTo(20_003.4);
    expect(doc.routes.find((r) => r.route === '/users')!.slots[0].status['3xx']).toBe(1);
  });

  it('puts a duration on a bound into that bound, as Prometheus le does', () => {
    const recorder = new MetricsRecorder({ slotMs: 60_000, slots: 1, maxRoutes: 10 });
    for (const ms of latencyBucketsMs) recorder.record('GET', '/', 200, ms);
    const buckets = recorder.snapshot().routes[0].slots[0].buckets;
    expect(buckets).toEqual([...latencyBucketsMs.map(() => 1), 0]);
  });

  it('folds routes past maxRoutes into one (other) route', () => {
    const recorder = new MetricsRecorder({ slotMs: 60_000, slots: 1, maxRoutes: 3 });
    for (let i = 0; i < 50; i++) recorder.record('GET', `/r${i}`, 200, 1);
    const routes = recorder.snapshot().routes;
    expect(routes.map((r) => r.route)).toEqual(['/r0', '/r1', '/r2', OTHER_ROUTE]);
    expect(routes[3].method).toBe('*');
    expect(routes[3].slots[0].count).toBe(47);
  });

  it('keeps slots in the retention window and counts the older ones in lifetime only', async () => {
    const recorder = new MetricsRecorder({ slotMs, slots: 2, maxRoutes: 10 });
    recorder.record('GET', '/', 200, 1);
    await new Promise((r) => setTimeout(r, slotMs - (Date.now() % slotMs) + 5));
    recorder.record('GET', '/', 200, 1);
    recorder.record('GET', '/', 200, 1);
    await new Promise((r) => setTimeout(r, slotMs + 5));
    recorder.record('GET', '/', 500, 1);
    const route = recorder.snapshot().routes[0];
    expect(route.slots.map((s) => s.count)).toEqual([2, 1]);
    expect(route.slots[1].t - route.slots[0].t).toBe(slotMs);
    expect(route.lifetime.count).toBe(4);
    expect(route.lifetime.status['5xx']).toBe(1);
  });

  it('puts recordAt answers, timed by performance.now(), in the slot of the wall clock and moves on when it ends', async () => {
    const recorder = new MetricsRecorder({ slotMs, slots: 3, maxRoutes: 10 });
    await new Promise((r) => setTimeout(r, slotMs - (Date.now() % slotMs) + 5));
    const first = Date.now() - (Date.now() % slotMs);
    recorder.recordAt('GET', '/', 200, 0.5, performance.now());
    recorder.recordAt('GET', '/', 404, 3, performance.now());
    await new Promise((r) => setTimeout(r, slotMs + 5));
    recorder.recordAt('GET', '/', 200, 30, performance.now());
    const route = recorder.snapshot().routes[0];
    expect(route.slots.map((s) => [s.t, s.count])).toEqual([
      [first, 2],
      [first + slotMs, 1],
    ]);
    expect(route.lifetime.status).toEqual({ '2xx': 2, '3xx': 0, '4xx': 1, '5xx': 0 });
    expect(route.lifetime.sumMs).toBe(33.5);
  });

  it('records cold starts per target with init and first-invocation histograms', () => {
    const recorder = new MetricsRecorder({ slotMs: 60_000, slots: 5, maxRoutes: 10 });
    recorder.identify('lambda', 'instance-a');
    recorder.recordColdStart('lambda', 180, 12);
    const doc = recorder.snapshot();
    expect(doc.id).toBe('instance-a');
    expect(doc.target).toBe('lambda');
    const cold = doc.coldStarts[0];
    expect(cold.target).toBe('lambda');
    expect(cold.slots[0].count).toBe(1);
    expect(cold.slots[0].initBuckets[latencyBucketsMs.indexOf(250)]).toBe(1);
    expect(cold.slots[0].firstBuckets[latencyBucketsMs.indexOf(25)]).toBe(1);
    expect(cold.slots[0].initSumMs).toBe(180);
  });

  it('keeps the first id it is given', () => {
    const recorder = new MetricsRecorder({ slotMs: 60_000, slots: 5, maxRoutes: 10 });
    recorder.identify('node', 'first');
    recorder.identify('node', 'second');
    expect(recorder.id).toBe('first');
  });
});

describe('mergeDocs', () => {
  function docOf(id: string, record: (r: MetricsRecorder) => void) {
    const recorder = new MetricsRecorder({ slotMs: 60_000, slots: 10, maxRoutes: 10 });
    recorder.identify('node', id);
    record(recorder);
    return recorder.snapshot();
  }

  it('adds slots with the same start across instances and lists each instance', () => {
    const a = docOf('a', (r) => {
      r.record('GET', '/x', 200, 1);
      r.record('GET', '/x', 500, 30);
    });
    const b = docOf('b', (r) => {
      r.record('GET', '/x', 200, 2);
      r.record('GET', '/y', 200, 2);
      r.recordColdStart('node', 40, 3);
    });
    const view = mergeDocs([a, b], { slotMs: 60_000, slots: 10, now: Date.now() });
    expect(view.instances.map((i) => [i.id, i.requests, i.errorRate])).toEqual([
      ['a', 2, 0.5],
      ['b', 2, 0],
    ]);
    const x = view.routes.find((r) => r.route === '/x')!;
    expect(x.total.count).toBe(3);
    expect(x.slots).toHaveLength(1);
    expect(x.total.status['5xx']).toBe(1);
    expect(x.total.buckets.reduce((s, n) => s + n, 0)).toBe(3);
    expect(x.lifetime!.count).toBe(3);
    expect(view.coldStarts).toHaveLength(1);
    expect(view.coldStarts[0].total.count).toBe(1);
    expect(view.to - view.from).toBe(600_000);
  });

  it('leaves out instances that stopped reporting and slots outside the window', () => {
    const now = Date.now();
    const stale = { ...docOf('old', (r) => r.record('GET', '/x', 200, 1)), lastSeen: now - 11 * 60_000 };
    const fresh = docOf('new', (r) => r.record('GET', '/x', 200, 1));
    const oldSlot = { ...fresh.routes[0].slots[0], t: fresh.routes[0].slots[0].t - 20 * 60_000 };
    fresh.routes[0].slots.unshift(oldSlot);
    const view = mergeDocs([stale, fresh], { slotMs: 60_000, slots: 10, now });
    expect(view.instances.map((i) => i.id)).toEqual(['new']);
    expect(view.routes[0].slots).toHaveLength(1);
    expect(view.routes[0].total.count).toBe(1);
  });

  it('leaves out an instance whose slot length differs (slots would not line up)', () => {
    const other = { ...docOf('x', (r) => r.record('GET', '/x', 200, 1)), slotMs: 30_000 };
    const view = mergeDocs([other], { slotMs: 60_000, slots: 10, now: at(0) });
    expect(view.instances).toEqual([]);
    expect(view.routes).toEqual([]);
  });
});
