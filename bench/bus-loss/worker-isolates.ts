/**
 * The workers case of the bus-loss bench (also run, smaller, by test/event-bus/worker-isolates.test.ts): two worker
 * scripts in one workerd through miniflare (`cf: false`) share a `FwKVObject` Durable Object namespace whose SQLite
 * storage is persisted in a temp dir. The sender (alpha) emits `events` events on 4 topics in batches of requests while
 * the receiver (beta, durable consumer "b") polls its bridge request after request. Twice, once `killsAt` of the events
 * were sent, the receiver is killed in the middle of a poll: a backlog is emitted, a poll starts, and once it handled
 * some events workerd is SIGKILLed and started again on the same storage (miniflare `setOptions`), which restarts both
 * isolates. Every handled event is recorded in a ledger (another Durable Object store) before its handler returns, so
 * the ledger is what the receiver saw, in order: lost events, per-topic order violations and duplicates are counted
 * from it. A duplicate is documented when its first delivery was in a poll killed before it saved the cursor.
 */
import { bundleWorker } from '../../test/targets/worker/helpers';
import { Miniflare, type WorkerOptions } from 'miniflare';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What to run: how many events, how many per emit request, when to kill (fractions of the events sent). */
export interface WorkerIsolatesOptions {
  events: number;
  batch?: number;
  killsAt?: number[];
  killAfterMs?: number;
  /** Milliseconds each receiver handler waits (default 0): on a fast machine a poll of the backlog can otherwise end before the kill. */
  handlerDelayMs?: number;
}

/** What the ledger showed after the run. */
export interface WorkerIsolatesResult {
  events: number;
  lost: number;
  violations: number;
  duplicates: number;
  documentedDuplicates: number;
  restarts: number;
  killedPolls: number;
  handledInKilledPolls: number;
  unexpectedFailures: string[];
  handledPerRun: number[];
  seconds: number;
}

/** Bundles the worker script the way wrangler does (cloudflare:workers stays an import of workerd's own). */
function bundle(): Promise<string> {
  return bundleWorker(join(import.meta.dirname, 'worker-isolate-app.ts'));
}

interface Delivery {
  run: string;
  order: number;
  poll: string;
  topic: string;
  s: number;
}

/** Reads ledger keys `h:<run>:<order>:<poll>:<topic>:<s>` back into deliveries, in the order they were handled. */
function deliveries(keys: string[]): Delivery[] {
  return keys
    .map((key) => {
      const [, run, order, poll, topic, s] = key.split(':');
      return { run, order: Number(order), poll, topic, s: Number(s) };
    })
    .sort((a, b) => Number(a.run.split('-')[0]) - Number(b.run.split('-')[0]) || a.run.localeCompare(b.run) || a.order - b.order);
}

/** Counts lost events, per-topic order violations (a first delivery older than one seen before) and duplicates. */
export function analyse(events: number, ledger: Delivery[], killedPolls: Set<string>) {
  const first = new Map<number, Delivery>();
  const newest = new Map<string, number>();
  let violations = 0;
  let duplicates = 0;
  let documentedDuplicates = 0;
  for (const d of ledger) {
    const earlier = first.get(d.s);
    if (earlier) {
      duplicates++;
      if (killedPolls.has(earlier.poll) && earlier.run !== d.run) documentedDuplicates++;
      continue;
    }
    first.set(d.s, d);
    if ((newest.get(d.topic) ?? -1) > d.s) violations++;
    else newest.set(d.topic, d.s);
  }
  let lost = 0;
  for (let s = 0; s < events; s++) if (!first.has(s)) lost++;
  const perRun = new Map<string, number>();
  for (const d of ledger) perRun.set(d.run, (perRun.get(d.run) ?? 0) + 1);
  return { lost, violations, duplicates, documentedDuplicates, handledPerRun: [...perRun.values()] };
}

/** Runs the scenario once and returns the ledger's figures; the temp storage is removed afterwards. */
export async function runWorkerIsolates(options: WorkerIsolatesOptions): Promise<WorkerIsolatesResult> {
  const { events, batch = 100, killsAt = [0.3, 0.65], killAfterMs = 150, handlerDelayMs = 0 } = options;
  const script = await bundle();
  const persist = mkdtempSync(join(tmpdir(), 'fw-bus-isolates-'));
  const worker = (name: string, consumer?: string): WorkerOptions => ({
    name,
    compatibilityDate: '2026-04-01',
    modules: [{ type: 'ESModule', path: 'worker.mjs', contents: script }],
    durableObjects: {
      FW_KV:
        name === 'alpha' ? { className: 'FwKVObject', useSQLite: true } : { className: 'FwKVObject', scriptName: 'alpha', useSQLite: true },
    },
    bindings: consumer ? { CONSUMER: consumer, HANDLER_DELAY_MS: String(handlerDelayMs) } : {},
  });
  const config = () => ({ cf: false, defaultPersistRoot: persist, workers: [worker('alpha'), worker('beta', 'b')] });
  const mf = new Miniflare(config());
  const unexpectedFailures: string[] = [];
  const killedPolls = new Set<string>();
  let restarts = 0;

  async function call(name: string, path: string, method = 'GET'): Promise<any> {
    const w = await mf.getWorker(name);
    const response = await w.fetch(`http://bus.test${path}`, { method });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${name} ${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  }

  let emitted = 0;
  const emit = async (count: number) => {
    const n = Math.min(count, events - emitted);
    if (n <= 0) return;
    await call('alpha', `/emit?from=${emitted}&count=${n}`, 'POST');
    emitted += n;
  };

  let polls = 0;
  let paused = false;
  let done = false;
  let lastHandled = -1;
  let current: Promise<void> = Promise.resolve();
  const consumerLoop = (async () => {
    while (!done) {
      if (paused) {
        await sleep(10);
        continue;
      }
      const p = String(++polls);
      current = call('beta', `/poll?p=${p}`, 'POST').then(
        (answer: { handled: number }) => {
          lastHandled = answer.handled;
        },
        (error: Error) => {
          unexpectedFailures.push(`poll ${p}: ${error.message}`);
        },
      );
      await current;
      if (lastHandled === 0) await sleep(5);
    }
  })();

  /**
   * Kills workerd while the receiver is in the middle of a poll (a backlog of 5 batches is waiting; the kill comes
   * `killAfterMs` into its poll), then starts it again on the same storage.
   */
  async function killMidPoll(): Promise<void> {
    paused = true;
    await current;
    for (let i = 0; i < 5; i++) await emit(batch);
    const p = String(++polls);
    killedPolls.add(p);
    const inflight = call('beta', `/poll?p=${p}`, 'POST').then(
      () => unexpectedFailures.push(`poll ${p} finished before the kill`),
      () => undefined,
    );
    await sleep(killAfterMs);
    await mf.setOptions(config());
    restarts++;
    await inflight;
    paused = false;
  }

  const started = performance.now();
  try {
    await mf.ready;
    const kills = killsAt.map((f) => Math.floor(f * events));
    while (emitted < events) {
      if (kills.length > 0 && emitted >= kills[0]) {
        kills.shift();
        await killMidPoll();
      }
      await emit(batch);
    }
    const deadline = Date.now() + 120_000;
    let seen = 0;
    while (Date.now() < deadline) {
      const keys = (await call('alpha', '/ledger')) as string[];
      seen = new Set(keys.map((k) => k.split(':')[5])).size;
      if (seen >= events) break;
      await sleep(100);
    }
    const seconds = (performance.now() - started) / 1000;
    done = true;
    await consumerLoop;
    await sleep(200);
    const ledger = deliveries((await call('alpha', '/ledger')) as string[]);
    return {
      events,
      ...analyse(events, ledger, killedPolls),
      restarts,
      killedPolls: killedPolls.size,
      handledInKilledPolls: ledger.filter((d) => killedPolls.has(d.poll)).length,
      unexpectedFailures,
      seconds: Math.round(seconds * 10) / 10,
    };
  } finally {
    done = true;
    await mf.dispose();
    rmSync(persist, { recursive: true, force: true });
  }
}
