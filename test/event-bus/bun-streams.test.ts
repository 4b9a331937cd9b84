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
function runBun(args: string[], onLine: (line: any) => void): ChildProcess {
  const child = spawn(bun, ['run', peer, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr?.resume();
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => onLine(JSON.parse(text)));
  return child;
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

    await startConsumer();
    let startedAt = 0;
    let producerDone = false;
    const producer = runBun(['produce', channel, String(events), '400'], (line) => {
      if (line.done) producerDone = true;
    });
    const producing = new Promise<number | null>((resolve) => producer.once('exit', (code) => resolve(code)));
    const seenCount = () => new Set(received.map((r) => r.s)).size;
    while (received.length === 0) await sleep(5);
    startedAt = Date.now();
    const at = async (ms: number) => {
      while (Date.now() - startedAt < ms) await sleep(5);
    };
    await at(600);
    await killAndRestart();
    await at(1200);
    const cutConnections = await cut();
    await at(1800);
    await killAndRestart();
    expect(await producing).toBe(0);
    expect(producerDone).toBe(true);
    const deadline = Date.now() + 20_000;
    while (seenCount() < events && Date.now() < deadline) await sleep(25);
    await sleep(300);
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
  }, 60_000);
});
