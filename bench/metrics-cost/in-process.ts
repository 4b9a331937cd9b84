/**
 * One side of the in-process case, kept running for the whole bench: `in-process.ts plain|metrics` builds the app,
 * warms it up, prints `{"ready":true}`, then answers each stdin line: `run <n>` answers n prebuilt requests through
 * app.fetch (text and JSON routes alternating, bodies read) and prints the process CPU time (user + system) they took
 * in µs; `bare <n>` does the same with n calls of GET /bare (an answer made once, no body); `record` times `recordAt()` alone with the observer's two clock reads (the recorder's share of it).
 */
import { createInterface } from 'node:readline';
import { MetricsRecorder } from 'fw';
import { benchApp } from './app';

const app = await benchApp(process.argv[2] === 'metrics');
const requests = [new Request('http://bench.local/'), new Request('http://bench.local/users/42')];
const bare = new Request('http://bench.local/bare');

async function answer(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const response = await app.fetch(requests[i & 1]);
    await response.arrayBuffer();
  }
}

/** n app.fetch() calls of GET /bare, whose answer is made once: what is left is the request path and its observer. */
function answerBare(n: number): void {
  for (let i = 0; i < n; i++) app.fetch(bare);
}

/** CPU µs per recorded answer on a recorder with two routes, as the app's observer makes it (its two clock reads included). */
function recordAlone(): number {
  const recorder = new MetricsRecorder({ slotMs: 60_000, slots: 60, maxRoutes: 200 });
  const calls = 2_000_000;
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const startedAt = performance.now();
    const at = performance.now();
    recorder.recordAt('GET', i & 1 ? '/users/:id' : '/', 200, at - startedAt + 0.3, at);
  }
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / calls;
}

await answer(50_000);
answerBare(200_000);
console.log(JSON.stringify({ ready: true }));
for await (const line of createInterface({ input: process.stdin })) {
  const [command, count] = line.split(' ');
  if (command === 'record') console.log(JSON.stringify({ recordUs: recordAlone() }));
  if (command === 'run' || command === 'bare') {
    const before = process.cpuUsage();
    if (command === 'bare') answerBare(Number(count));
    else await answer(Number(count));
    const used = process.cpuUsage(before);
    console.log(JSON.stringify({ cpuUs: used.user + used.system }));
  }
}
