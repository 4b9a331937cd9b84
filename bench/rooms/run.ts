/**
 * WebSocket rooms on workers against their peers, in workerd through miniflare: fw durableRooms (rooms on Durable
 * Objects, spanning isolates) against a hand-written hibernatable Durable Object chat (the floor) and fw's in-memory
 * RoomManager on a worker (one isolate only, not a production answer). Real `ws` clients from Node; rounds alternate
 * the contestants' order; every delivery is checked. Writes bench/.out/rooms.json.
 */
import { bundleWorker } from '../../test/targets/worker/helpers';
import { Miniflare } from 'miniflare';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { BenchResult, BenchRow } from '../lib/result';
import { median, spread } from '../lib/stats';

const here = import.meta.dirname;
const rounds = Number(process.env.ROUNDS ?? 11);
const messages = Number(process.env.MESSAGES ?? 200);
const joins = Number(process.env.JOINS ?? 40);
const members = Number(process.env.MEMBERS ?? 10);
const contestants = ['fw-do', 'raw-do', 'fw-isolate'] as const;
type Contestant = (typeof contestants)[number];
const labels: Record<Contestant, string> = {
  'fw-do': 'fw durableRooms (Durable Objects)',
  'raw-do': 'hand-written hibernatable Durable Object',
  'fw-isolate': 'fw RoomManager in one isolate (not cross-isolate)',
};
const hosts: Record<Contestant, string> = { 'fw-do': 'fw-do.test', 'raw-do': 'raw-do.test', 'fw-isolate': 'fw-isolate.test' };

function bundle(file: string): Promise<string> {
  return bundleWorker(join(here, file), {}, { minify: true });
}

const module = (contents: string) => [{ type: 'ESModule' as const, path: 'worker.mjs', contents }];
const mf = new Miniflare({
  host: '127.0.0.1',
  port: 0,
  cf: false,
  workers: [
    {
      name: 'fw-do',
      compatibilityDate: '2026-04-01',
      routes: ['fw-do.test/*'],
      modules: module(await bundle('fw-durable.ts')),
      durableObjects: { ROOMS: { className: 'FwRoom', useSQLite: true } },
    },
    {
      name: 'raw-do',
      compatibilityDate: '2026-04-01',
      routes: ['raw-do.test/*'],
      modules: module(await bundle('raw-durable.ts')),
      durableObjects: { RAW: { className: 'RawRoom', useSQLite: true } },
    },
    { name: 'fw-isolate', compatibilityDate: '2026-04-01', routes: ['fw-isolate.test/*'], modules: module(await bundle('fw-isolate.ts')) },
  ],
});
const origin = (await mf.ready).host;
const loadAtStart = loadavg()[0];

type Client = { ws: WebSocket; next: () => Promise<string> };

/** Fails a step that does not finish in 10 s (a lost frame), naming it, instead of hanging the run. */
function within<T>(what: string, step: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within 10 s (a frame was lost)`)), 10_000);
  });
  return Promise.race([step, late]).finally(() => clearTimeout(timer));
}

function open(c: Contestant, room: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${origin}/chat/${room}`, { headers: { host: hosts[c] } });
    const queue: string[] = [];
    const waiters: Array<(m: string) => void> = [];
    ws.on('message', (data) => {
      const m = data.toString();
      const w = waiters.shift();
      if (w) w(m);
      else queue.push(m);
    });
    const next = () => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise<string>((r) => waiters.push(r)));
    ws.on('open', async () => {
      const first = await next();
      if (first !== 'joined') reject(new Error(`${c}: expected joined, got ${first}`));
      else resolve({ ws, next });
    });
    ws.on('error', reject);
  });
}

async function closeAll(clients: Client[]): Promise<void> {
  await Promise.all(clients.map((c) => new Promise((r) => (c.ws.once('close', r), c.ws.close()))));
}

let roomSeq = 0;

/** µs from sending a message to its delivery to every other member, averaged over `messages` sequential sends. */
async function fanOut(c: Contestant): Promise<number> {
  const room = `b${roomSeq++}`;
  const clients: Client[] = [];
  try {
    for (let i = 0; i < members; i++) clients.push(await within(`${c}: join ${i}`, open(c, room)));
    const [sender, ...receivers] = clients;
    const started = performance.now();
    for (let i = 0; i < messages; i++) {
      const text = `m${i}`;
      sender.ws.send(text);
      const got = await within(`${c}: message ${i} of a sample`, Promise.all(receivers.map((r) => r.next())));
      if (got.some((m) => m !== text)) throw new Error(`${c}: a member got ${got.find((m) => m !== text)} instead of ${text}`);
    }
    const perMessage = ((performance.now() - started) * 1000) / messages;
    await closeAll(clients);
    return perMessage;
  } catch (error) {
    for (const client of clients) client.ws.terminate();
    throw error;
  }
}

/** µs from opening a socket to the room's `joined`, averaged over `joins` sequential clients (all in one room). */
async function connectJoin(c: Contestant): Promise<number> {
  const room = `j${roomSeq++}`;
  const clients: Client[] = [];
  try {
    const started = performance.now();
    for (let i = 0; i < joins; i++) clients.push(await within(`${c}: join ${i} of a sample`, open(c, room)));
    const perJoin = ((performance.now() - started) * 1000) / joins;
    await closeAll(clients);
    return perJoin;
  } catch (error) {
    for (const client of clients) client.ws.terminate();
    throw error;
  }
}

const cases = [
  { name: `broadcast to ${members - 1} members (send to all delivered)`, run: fanOut },
  { name: 'connect + join (to the joined answer)', run: connectJoin },
];
const rows: BenchRow[] = [];
/** Peers that lost a frame or a join (fw's own contestant failing fails the run): no figure, the reason in the notes. */
const failures: string[] = [];
try {
  for (const k of cases) {
    const failed = new Set<Contestant>();
    const times = new Map<Contestant, number[]>(contestants.map((c) => [c, []]));
    const sample = async (c: Contestant, keep: boolean): Promise<void> => {
      if (failed.has(c)) return;
      try {
        const time = await k.run(c);
        if (keep) times.get(c)?.push(time);
      } catch (error) {
        if (c === 'fw-do') throw error;
        failed.add(c);
        failures.push(`${labels[c]}, ${k.name}: ${(error as Error).message}`);
      }
    };
    for (const c of contestants) await sample(c, false);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? contestants : [...contestants].reverse();
      for (const c of order) await sample(c, true);
    }
    const ours = median(times.get('fw-do') ?? []);
    for (const c of contestants) {
      if (failed.has(c)) continue;
      const samples = times.get(c) ?? [];
      rows.push({
        case: k.name,
        contestant: labels[c],
        median: median(samples),
        unit: 'µs/op',
        spread: spread(samples),
        ratio: median(samples) / ours,
      });
    }
  }
} finally {
  await mf.dispose();
}

const result: BenchResult = {
  name: 'rooms',
  command: 'npm run bench -- rooms (tsx bench/rooms/run.ts)',
  date: new Date().toISOString(),
  rows,
  higherIsBetter: false,
  notes: `workerd through miniflare, ${members} ws clients from Node in one room: ${messages} sequential messages per sample, each timed until every other member has it; connect + join: ${joins} sequential clients per sample, each timed from opening to the room's "joined". ${rounds} rounds in alternating order after one warm-up run. Objects run in the same workerd process as the workers, so this is fw's cost over the same hops, not production latency. The in-isolate RoomManager is shown as the cost of crossing to an object: it does not span isolates. ratio = contestant time / fw durableRooms time (above 1: fw faster). Machine load (1-minute average) at the start: ${loadAtStart.toFixed(1)} on ${availableParallelism()} cores, so the spreads are wide.${failures.length > 0 ? ` Failed, so no figure: ${failures.join('; ')}.` : ''}`,
};
mkdirSync(join(here, '../.out'), { recursive: true });
writeFileSync(join(here, '../.out/rooms.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows.map((r) => ({ ...r, median: r.median.toFixed(1), ratio: r.ratio?.toFixed(3) })));
