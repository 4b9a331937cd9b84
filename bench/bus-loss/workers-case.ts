/**
 * The workers case of bus-loss (`tsx bench/bus-loss/workers-case.ts`, also run by bench/bus-loss/run.ts): 10,000
 * events between two worker isolates on durableObjectKV, the receiver killed in the middle of a poll twice (see
 * worker-isolates.ts). Writes bench/.out/bus-loss-workers.json; `workersMet` says whether nothing was lost or reordered
 * and every duplicate came from a killed poll.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult } from '../lib/result';
import { runWorkerIsolates } from './worker-isolates';

const events = 10_000;
const batch = 100;
const killsAt = [0.3, 0.65];
const result = await runWorkerIsolates({ events, batch, killsAt });
console.table([result]);

const contestant = 'fw KVBusTransport on durableObjectKV (workers, two isolates)';
const rows: [string, number][] = [
  [`events lost of ${events}`, result.lost],
  ['per-topic order violations', result.violations],
  ['duplicates delivered', result.duplicates],
  ['duplicates whose first delivery was in a killed poll', result.documentedDuplicates],
];

/** Whether the run met the goal: nothing lost or reordered, every duplicate from a killed poll, no other failure. */
export const workersMet =
  result.lost === 0 &&
  result.violations === 0 &&
  result.duplicates === result.documentedDuplicates &&
  result.unexpectedFailures.length === 0 &&
  result.restarts === killsAt.length;

const out: BenchResult = {
  name: 'bus-loss-workers',
  command: 'npm run bench -- bus-loss (the workers case alone: tsx bench/bus-loss/workers-case.ts)',
  date: new Date().toISOString(),
  rows: rows.map(([text, value]) => ({ case: text, contestant, median: value, unit: 'events' })),
  higherIsBetter: false,
  goal: '0 events lost, 0 order violations, every duplicate an event handled in a poll killed before it saved the cursor',
  met: workersMet,
  notes: `Two worker scripts in one workerd (miniflare, cf: false) sharing a FwKVObject namespace on SQLite, persisted in a temp dir. The sender emits ${events} events on 4 topics (iso.t0..t3, payload seq) in requests of ${batch}, each emit awaited in turn; the receiver (durable consumer "b", pollIntervalMs 0) polls its bridge request after request and records each event in a ledger (another durableObjectKV store) before its handler returns. At ${killsAt.map((f) => `${f * 100}%`).join(' and ')} of the events, 5 batches are emitted, a receiver poll starts, and 150 ms into it workerd is SIGKILLed and restarted on the same storage (miniflare setOptions; both isolates restart). Restarts: ${result.restarts}; events handled in the killed polls: ${result.handledInKilledPolls} (the cursor is saved at the end of a poll, so all of them come again: those are the duplicates); handled per receiver isolate: ${result.handledPerRun.join(', ')}. Whole run ${result.seconds} s (${Math.round(events / result.seconds)} events/s end to end, every event a Durable Object put, get and ledger put on a shared 2-core machine).${result.unexpectedFailures.length > 0 ? ` Failures: ${result.unexpectedFailures.join('; ')}.` : ''}`,
};
mkdirSync(join(import.meta.dirname, '../.out'), { recursive: true });
writeFileSync(join(import.meta.dirname, '../.out/bus-loss-workers.json'), `${JSON.stringify(out, null, 2)}\n`);
