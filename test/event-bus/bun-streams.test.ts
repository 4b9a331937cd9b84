import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

const bun = fileURLToPath(new URL('../../node_modules/.bin/bun', import.meta.url));
const peer = fileURLToPath(new URL('./fixtures/bun-stream-peer.ts', import.meta.url));
const url = process.env.FW_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const admin = new Redis(url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const events = 1000;

afterAll(() => admin.disconnect());

interface Line {
  topic: string;
  s: number;
  id: string;
  run: number;
}

/** Spawns the fixture under Bun; every stdout line is parsed as JSON and handed to `onLine`. */
function runBun(args: string[], onLine: (line: any) => void, stdin: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  const child = spawn(bun, ['run', peer, ...args], { stdio: [stdin, 'pipe', 'pipe'] });
  child.stderr?.resume();
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => onLine(JSON.parse(text)));
  return child;
}

/** Polls `done` until it holds or `ms` pass (a loaded machine takes seconds to start Bun); says whether it held. */
async function waitFor(done: () => boolean | Promise<boolean>, ms = 30_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) return false;
    await sleep(5);
  }
  return true;
}

/** Waits for a step of the choreography, failing with `what` if it does not come. */
async function until(done: () => boolean, what: string): Promise<void> {
  if (!(await waitFor(done))) throw new Error(`Waited 30 s for ${what}`);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));

describe('redisBusTransport (Streams) under Bun: two Bun processes, the consumer SIGKILLed twice and its connection cut once', () => {
  it(`delivers all ${events} events in per-topic order; every duplicate redelivers an entry a killed consumer had not acknowledged`, async () => {
    const stamp = `${process.pid}-${Date.now()}`;
    const channel = `fwtest:bun-bus:${stamp}`;
    const connectionName = `fwtest-bun-bus-${stamp}`;
    const received: Line[] = [];
    const killedRuns = new Set<number>();
    let run = -1;
    let consumer: ChildProcess | null = null;
    const versions: string[] = [];

    const startConsumer = () =>
      new Promise<void>((resolve) => {
        const mine = ++run;
        consumer = runBun(['consume', channel, connectionName], (line) => {
          if (line.ready) {
            versions.push(line.bun);
            resolve();
          } else received.push({ ...line, run: mine });
        });
      });
    const killAndRestart = async () => {
      const child = consumer as unknown as ChildProcess;
      killedRuns.add(run);
      child.kill('SIGKILL');
      await exited(child);
      await startConsumer();
    };
    const cut = async () => {
      const list = (await admin.call('CLIENT', 'LIST')) as string;
      const ids = list
        .split('\n')
        .map((line) => Object.fromEntries(line.split(' ').map((pair) => pair.split('=') as [string, string])))
        .filter((c) => c.name === connectionName && c.cmd === 'xreadgroup')
        .map((c) => c.id);
      for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
      return ids.length;
    };

    // Each step waits for what the previous one caused, never for a time: the producer publishes only what the test
    // allows, so every consumer run has events flowing when it is killed or cut, whatever the machine's load.
    await startConsumer();
    let producerReady = false;
    let producerDone = false;
    const producer = runBun(
      ['produce', channel, String(events), '400'],
      (line) => {
        if (line.ready) producerReady = true;
        if (line.done) producerDone = true;
      },
      'pipe',
    );
    const allow = (count: number) => producer.stdin?.write(`${count}\n`);
    const producing = new Promise<number | null>((resolve) => producer.once('exit', (code) => resolve(code)));
    const seenCount = () => new Set(received.map((r) => r.s)).size;
    const ofRun = (n: number) => received.filter((r) => r.run === n);
    await until(() => producerReady, 'the producer to start');
    allow(300);
    await until(() => ofRun(0).length >= 200, 'the first consumer to handle 200 events');
    await killAndRestart();
    allow(600);
    await until(() => ofRun(1).length > 0, 'the restarted consumer to handle an event');
    const cutConnections = await cut();
    allow(900);
    // Events from 600 on are published only after the cut: the consumer handles them on a new connection.
    await until(() => ofRun(1).some((r) => r.s >= 600), 'the consumer to handle an event published after its connection was cut');
    await killAndRestart();
    allow(events);
    expect(await producing).toBe(0);
    expect(producerDone).toBe(true);
    await waitFor(() => seenCount() === events);
    // An entry a killed consumer handled without acknowledging is handled again by the next run; let those finish.
    await waitFor(async () => ((await admin.call('XPENDING', channel, 'bun')) as [number])[0] === 0);
    const last = consumer as unknown as ChildProcess;
    last.kill('SIGTERM');
    await exited(last);
    const pending = ((await admin.call('XPENDING', channel, 'bun')) as [number])[0];
    await admin.del(channel);

    const firstRun = new Map<number, number>();
    const newest = new Map<string, number>();
    let violations = 0;
    let duplicates = 0;
    let redelivered = 0;
    for (const r of received) {
      const first = firstRun.get(r.s);
      if (first !== undefined) {
        duplicates++;
        if (r.run > first && killedRuns.has(first)) redelivered++;
        continue;
      }
      firstRun.set(r.s, r.run);
      if ((newest.get(r.topic) ?? -1) > r.s) violations++;
      else newest.set(r.topic, r.s);
    }
    expect(versions).toHaveLength(3);
    expect(versions.every((v) => /^\d+\.\d+\.\d+/.test(v))).toBe(true);
    expect(cutConnections).toBe(1);
    expect(killedRuns.size).toBe(2);
    expect(new Set(received.map((r) => r.run))).toEqual(new Set([0, 1, 2]));
    expect({ lost: events - firstRun.size, violations, unexplainedDuplicates: duplicates - redelivered, pending }).toEqual({
      lost: 0,
      violations: 0,
      unexplainedDuplicates: 0,
      pending: 0,
    });
    expect([...firstRun.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: events }, (_, i) => i));
  }, 150_000); // three Bun starts and up to five waits of at most 30 s each on a loaded machine
});
