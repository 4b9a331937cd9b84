/**
 * Does the event bus lose events? Two processes (bench/bus-loss/producer.ts and consumer.ts) exchange 10,000 events on
 * 4 topics over the local Redis, once with the Streams transport (consumer group) and once with pub/sub, under the same
 * faults: the consumer SIGKILLed and restarted twice and its reading connection cut once (CLIENT KILL). Counts events
 * lost, per-topic order violations and duplicates (and whether each duplicate is a redelivery of an entry a killed
 * consumer had not acknowledged). Then the throughput of both transports with no fault, 3 alternating rounds.
 * Writes bench/.out/bus-loss.json and bench/.out/bus-loss-throughput.json. First, the workers case (workers-case.ts:
 * two worker isolates on durableObjectKV, bench/.out/bus-loss-workers.json).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import type { BenchResult, BenchRow } from '../lib/result';
import { workersMet } from './workers-case';

type Mode = 'streams' | 'pubsub';
const here = import.meta.dirname;
const url = process.env.FW_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const events = 10_000;
const faultRate = 1000;
const faultHandlerMs = 1;
const faultsAtMs: { at: number; fault: 'kill' | 'cut' }[] = [
  { at: 2000, fault: 'kill' },
  { at: 4500, fault: 'cut' },
  { at: 7000, fault: 'kill' },
];
const labels: Record<Mode, string> = { streams: 'fw Redis Streams (group)', pubsub: 'fw Redis pub/sub' };
const admin = new Redis(url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Received {
  topic: string;
  seq: number;
  id: string;
  run: number;
}

function child(script: string, args: string[]): ChildProcess {
  // node itself, not the tsx wrapper: a SIGKILL must reach the process that holds the connections
  const proc = spawn(process.execPath, ['--import', 'tsx', join(here, script), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stderr?.on('data', (d) => {
    if (process.env.BUS_LOSS_VERBOSE) process.stderr.write(`[${script} ${proc.pid}] ${d}`);
  });
  return proc;
}

const exited = (proc: ChildProcess) =>
  proc.exitCode !== null || proc.signalCode !== null ? Promise.resolve() : new Promise((resolve) => proc.once('exit', resolve));

/** The consumer processes of one scenario: every line they print, tagged with which run (process) printed it. */
class Consumers {
  readonly received: Received[] = [];
  readonly killedRuns = new Set<number>();
  lastLineAt = 0;
  private run = -1;
  private proc: ChildProcess | null = null;

  constructor(
    private readonly mode: Mode,
    private readonly channel: string,
    readonly connectionName: string,
    private readonly handlerMs: number,
  ) {}

  /** Starts a consumer process and resolves once it is subscribed. */
  start(): Promise<void> {
    const run = ++this.run;
    const proc = child('consumer.ts', [this.mode, this.channel, this.connectionName, String(this.handlerMs)]);
    this.proc = proc;
    return new Promise((resolve, reject) => {
      proc.once('exit', (code) => reject(new Error(`consumer exited early (${code})`)));
      createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        if (line === 'ready') return resolve();
        const [topic, seq, id] = line.split(' ');
        this.received.push({ topic, seq: Number(seq), id, run });
        this.lastLineAt = Date.now();
      });
    });
  }

  /** SIGKILLs the running consumer (no goodbye, no acknowledgement) and starts a new one. */
  async killAndRestart(): Promise<void> {
    const proc = this.proc as ChildProcess;
    this.killedRuns.add(this.run);
    proc.kill('SIGKILL');
    await exited(proc);
    await this.start();
  }

  /** Ends the running consumer normally. */
  async stop(): Promise<void> {
    const proc = this.proc as ChildProcess;
    proc.removeAllListeners('exit');
    proc.kill('SIGTERM');
    await exited(proc);
  }

  distinct(): number {
    return new Set(this.received.map((r) => r.seq)).size;
  }
}

/** Cuts the consumer's reading connection (the blocking XREADGROUP, or the SUBSCRIBE connection) with CLIENT KILL. */
async function cutConnection(name: string): Promise<number> {
  const list = (await admin.call('CLIENT', 'LIST')) as string;
  const ids = list
    .split('\n')
    .map((line) => Object.fromEntries(line.split(' ').map((pair) => pair.split('=') as [string, string])))
    .filter((c) => c.name === name && ['xreadgroup', 'subscribe'].includes(c.cmd))
    .map((c) => c.id);
  for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
  return ids.length;
}

/** Runs the producer to its end; `onStart` runs when it starts emitting. Resolves with the ms from start to done. */
function produce(mode: Mode, channel: string, rate: number, onStart: () => void): Promise<number> {
  const proc = child('producer.ts', [mode, channel, String(events), String(rate)]);
  return new Promise((resolve, reject) => {
    let done = 0;
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line === 'start') onStart();
      else if (line.startsWith('done ')) done = Number(line.slice(5));
    });
    proc.once('exit', (code) => (code === 0 ? resolve(done) : reject(new Error(`producer exited with ${code}`))));
  });
}

/** Waits until the consumers saw every event, or nothing new arrived for `quietMs`. */
async function settle(consumers: Consumers, quietMs: number): Promise<void> {
  while (consumers.distinct() < events && Date.now() - consumers.lastLineAt < quietMs) await sleep(25);
}

interface Faults {
  lost: number;
  violations: number;
  duplicates: number;
  redeliveredAfterKill: number;
  cutConnections: number;
  pendingAfter: number;
}

/** Per topic, a first delivery older than one already seen is an order violation; repeats are duplicates. */
function analyse(consumers: Consumers): Omit<Faults, 'cutConnections' | 'pendingAfter'> {
  const firstRun = new Map<number, number>();
  const newest = new Map<string, number>();
  let violations = 0;
  let duplicates = 0;
  let redeliveredAfterKill = 0;
  for (const r of consumers.received) {
    const first = firstRun.get(r.seq);
    if (first !== undefined) {
      duplicates++;
      if (r.run > first && consumers.killedRuns.has(first)) redeliveredAfterKill++;
      continue;
    }
    firstRun.set(r.seq, r.run);
    if ((newest.get(r.topic) ?? -1) > r.seq) violations++;
    else newest.set(r.topic, r.seq);
  }
  return { lost: events - firstRun.size, violations, duplicates, redeliveredAfterKill };
}

async function withFaults(mode: Mode): Promise<Faults> {
  const stamp = `${process.pid}-${Date.now()}`;
  const channel = `fwbench:bus-loss:${mode}:${stamp}`;
  const consumers = new Consumers(mode, channel, `fwbench-bus-loss-${mode}-${stamp}`, faultHandlerMs);
  await consumers.start();
  let startedAt = 0;
  const producing = produce(mode, channel, faultRate, () => {
    startedAt = Date.now();
  });
  let cutConnections = 0;
  for (const { at, fault } of faultsAtMs) {
    while (startedAt === 0 || Date.now() - startedAt < at) await sleep(5);
    if (fault === 'kill') await consumers.killAndRestart();
    else cutConnections += await cutConnection(consumers.connectionName);
  }
  await producing;
  consumers.lastLineAt = Date.now();
  await settle(consumers, mode === 'streams' ? 20_000 : 3000);
  await consumers.stop();
  const pendingAfter = mode === 'streams' ? ((await admin.call('XPENDING', channel, 'bench')) as [number])[0] : 0;
  await admin.del(channel);
  return { ...analyse(consumers), cutConnections, pendingAfter };
}

async function throughput(mode: Mode): Promise<number> {
  const stamp = `${process.pid}-${Date.now()}`;
  const channel = `fwbench:bus-loss:tp:${mode}:${stamp}`;
  const consumers = new Consumers(mode, channel, `fwbench-bus-tp-${mode}-${stamp}`, 0);
  await consumers.start();
  let startedAt = 0;
  await produce(mode, channel, 0, () => {
    startedAt = performance.now();
  });
  consumers.lastLineAt = Date.now();
  await settle(consumers, 3000);
  const elapsed = performance.now() - startedAt;
  const seen = consumers.distinct();
  const lastAt = seen === events ? elapsed : elapsed - 3000;
  await consumers.stop();
  await admin.del(channel);
  return Math.round(seen / (lastAt / 1000));
}

const faults: Record<Mode, Faults> = { streams: await withFaults('streams'), pubsub: await withFaults('pubsub') };
console.table(faults);
const rates: Record<Mode, number[]> = { streams: [], pubsub: [] };
for (let round = 0; round < 3; round++) {
  for (const mode of (round % 2 === 0 ? ['streams', 'pubsub'] : ['pubsub', 'streams']) as Mode[]) rates[mode].push(await throughput(mode));
}
console.table(rates);
admin.disconnect();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const lossRows: BenchRow[] = [];
const figures: [keyof Faults, string][] = [
  ['lost', `events lost of ${events}`],
  ['violations', 'per-topic order violations'],
  ['duplicates', 'duplicates delivered'],
  ['redeliveredAfterKill', 'duplicates that redeliver a killed consumer’s unacked entries'],
];
for (const [key, text] of figures)
  for (const mode of ['streams', 'pubsub'] as Mode[])
    lossRows.push({ case: text, contestant: labels[mode], median: faults[mode][key], unit: 'events' });

const date = new Date().toISOString();
const command = 'npm run bench -- bus-loss (tsx bench/bus-loss/run.ts)';
const met =
  faults.streams.lost === 0 && faults.streams.violations === 0 && faults.streams.duplicates === faults.streams.redeliveredAfterKill;
const loss: BenchResult = {
  name: 'bus-loss',
  command,
  date,
  rows: lossRows,
  higherIsBetter: false,
  goal: 'Streams: 0 events lost, 0 order violations, every duplicate a redelivery of an entry a killed consumer had not acknowledged',
  met,
  notes: `${events} events on 4 topics (bench.t0..t3, payload seq), producer at ${faultRate}/s in its own process, consumer in another whose handler takes ${faultHandlerMs} ms (setTimeout, simulated I/O; the consumer lags, so kills land between deliveries and acknowledgements) (Streams: group "bench", consumer "consumer-1", same name after a restart; pub/sub: a plain subscriber). Faults at ${faultsAtMs.map((f) => `${f.at} ms ${f.fault === 'kill' ? 'SIGKILL + restart' : 'CLIENT KILL of the reading connection'}`).join(', ')} after the first emit; connections cut: Streams ${faults.streams.cutConnections}, pub/sub ${faults.pubsub.cutConnections}. The consumer writes each event to a pipe (synchronous on Linux) before its handler returns, so a kill cannot hide a delivery. Streams group pending entries after the run: ${faults.streams.pendingAfter}. Pub/sub loses what is published while the consumer is down or reconnecting (reported through onError when the connection drops, but not recoverable).`,
};
const tpRows: BenchRow[] = (['streams', 'pubsub'] as Mode[]).map((mode) => ({
  contestant: labels[mode],
  median: median(rates[mode]),
  unit: 'events/s',
  spread: `${Math.min(...rates[mode])}-${Math.max(...rates[mode])}`,
  ratio: median(rates.streams) / median(rates[mode]),
}));
const tp: BenchResult = {
  name: 'bus-loss-throughput',
  command,
  date,
  rows: tpRows,
  higherIsBetter: true,
  notes: `No fault: the producer process emits ${events} events as fast as it can (every publish awaited at the end), the consumer process handles them; events/s = events first seen by the consumer / time from the producer's first emit to the last new event seen by the bench. 3 rounds in alternating order. ratio = Streams / that transport (below 1: Streams slower, the price of acknowledgements and durable entries).`,
};
mkdirSync(join(here, '../.out'), { recursive: true });
writeFileSync(join(here, '../.out/bus-loss.json'), `${JSON.stringify(loss, null, 2)}\n`);
writeFileSync(join(here, '../.out/bus-loss-throughput.json'), `${JSON.stringify(tp, null, 2)}\n`);
if (!met || !workersMet) {
  console.error(`bus-loss: ${met ? 'the workers case' : 'the Streams transport'} lost, reordered or duplicated events beyond redeliveries`);
  process.exit(1);
}
