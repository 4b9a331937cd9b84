/**
 * The load generator, a long-lived child of an HTTP bench (pinned to its own core): reads one JSON job a line on
 * stdin ({url, method, body, seconds, connections, pipelining}), runs autocannon on it (-c 100 -p 10 unless the job
 * says otherwise; sampled every 100 ms, so fractional seconds are honoured: autocannon only checks its stop flag at
 * each sample) and prints one JSON line back ({requests, duration, errors, non2xx}). One process for the whole bench
 * spares an autocannon start per run; the benches import only its types (bench/http-node/load-client.ts starts it).
 */
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

/** One load run a bench asks for. */
export interface LoadJob {
  url: string;
  method: string;
  body?: string;
  seconds: number;
  connections?: number;
  pipelining?: number;
}

/** What one load run measured: completed requests, wall seconds, failures. */
export interface LoadResult {
  requests: number;
  duration: number;
  errors: number;
  non2xx: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const headers: Record<string, string> = job.body === undefined ? {} : { 'content-type': 'application/json' };
  const result = await autocannon({
    url: job.url,
    method: job.method,
    headers,
    body: job.body,
    connections: job.connections ?? 100,
    pipelining: job.pipelining ?? 10,
    duration: job.seconds,
    sampleInt: 100,
  });
  return { requests: result.requests.total, duration: result.duration, errors: result.errors, non2xx: result.non2xx };
}

for await (const line of createInterface({ input: process.stdin })) console.log(JSON.stringify(await run(JSON.parse(line) as LoadJob)));
