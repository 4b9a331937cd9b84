/** One cold start: a fresh process imports a contestant's bundle and answers its first event.
 *  Prints { importMs, firstMs, cpuMs } (module load, which Lambda runs in its init phase, then the first invocation, and
 *  the CPU time of both, which other processes on a shared machine disturb less than the wall clock). */
import { checkResult, eventFor, type Kind } from './events';

const [bundle, kind] = process.argv.slice(2);
const event = eventFor(kind as Kind);
const cpuBefore = process.cpuUsage();
const started = performance.now();
const { handler } = (await import(bundle)) as { handler: (event: unknown, context: unknown) => Promise<unknown> };
const imported = performance.now();
const result = await handler(event, { awsRequestId: 'cold', getRemainingTimeInMillis: () => 3000 });
const answered = performance.now();
const cpu = process.cpuUsage(cpuBefore);
checkResult(result, bundle);
process.stdout.write(JSON.stringify({ importMs: imported - started, firstMs: answered - imported, cpuMs: (cpu.user + cpu.system) / 1000 }));
