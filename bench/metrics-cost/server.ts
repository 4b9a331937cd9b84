/**
 * One side of the HTTP case: serves the bench app on fw/node (`server.ts plain|metrics`), prints {"port"}, then
 * answers each stdin line `start` with {"started":true} and each `stop` with the CPU µs (user + system) it spent
 * since the last `start`.
 */
import { createInterface } from 'node:readline';
import { serve } from 'fw/node';
import { benchApp } from './app';

const server = await serve(await benchApp(process.argv[2] === 'metrics'), { port: 0, hostname: '127.0.0.1' });
console.log(JSON.stringify({ port: server.port }));
let mark = process.cpuUsage();
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'start') {
    mark = process.cpuUsage();
    console.log(JSON.stringify({ started: true }));
  }
  if (line === 'stop') {
    const used = process.cpuUsage(mark);
    console.log(JSON.stringify({ cpuUs: used.user + used.system }));
  }
}
await server.stop();
