/** One cold start: a fresh process imports a contestant's bundle and answers its first event.
 *  Prints { importMs, firstMs } (module load, which Lambda runs in its init phase, then the first invocation). */
import { checkResult, eventFor, type Kind } from './events';

const [bundle, kind] = process.argv.slice(2);
const event = eventFor(kind as Kind);
const started = performance.now();
const { handler } = (await import(bundle)) as { handler: (event: unknown, context: unknown) => Promise<unknown> };
const imported = performance.now();
const result = await handler(event, { awsRequestId: 'cold', getRemainingTimeInMillis: () => 3000 });
const answered = performance.now();
checkResult(result, bundle);
process.stdout.write(JSON.stringify({ importMs: imported - started, firstMs: answered - imported }));
