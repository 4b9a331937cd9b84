/** One contestant's process: imports its bundle, checks the answer, warms up, then times 10 batches of sequential invocations.
 *  Prints { opsPerSec } as the median batch rate, so a burst of load from elsewhere on the machine skews one batch, not the result. */
import { checkResult, eventFor, type Kind } from './events';
import { median } from './stats';

const [bundle, kind, iterationsArg] = process.argv.slice(2);
const batchSize = Math.max(1, Math.round(Number(iterationsArg ?? 20000) / 10));
const { handler } = (await import(bundle)) as { handler: (event: unknown, context: unknown) => Promise<unknown> };
const event = eventFor(kind as Kind);
const context = { awsRequestId: 'bench', getRemainingTimeInMillis: () => 3000 };

checkResult(await handler(eventFor(kind as Kind), context), bundle);
for (let i = 0; i < 3000; i++) await handler(event, context);
const rates: number[] = [];
for (let batch = 0; batch < 10; batch++) {
  const started = performance.now();
  for (let i = 0; i < batchSize; i++) await handler(event, context);
  rates.push((batchSize / (performance.now() - started)) * 1000);
}
process.stdout.write(JSON.stringify({ opsPerSec: median(rates) }));
