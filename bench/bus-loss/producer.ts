/**
 * The sending process of the bus-loss bench: `tsx bench/bus-loss/producer.ts <streams|pubsub> <channel> <events> <per second|0>`.
 * Prints `start`, emits `bench.t<i % 4>` with payload `{ s: i }` for i = 0..events-1 (0 per second: as fast as it can),
 * waits for every publish, prints `done <ms>` (time from the first emit to the last publish settled) and exits.
 */
import { EventBus, EventBusBridge } from '../../src/event-bus';
import { redisBusTransport } from '../../targets/node/redis-bus';

const [mode, channel, count, rate] = process.argv.slice(2);
const events = Number(count);
const perSecond = Number(rate);
const transport = mode === 'pubsub' ? redisBusTransport({ mode: 'pubsub', channel }) : redisBusTransport({ channel });
const bus = new EventBus();
const bridge = new EventBusBridge(bus, { transport, onError: (error) => process.stderr.write(`onError: ${(error as Error).message}\n`) });
await bridge.start();
process.stdout.write('start\n');
const started = performance.now();
const sends: Promise<unknown>[] = [];
for (let i = 0; i < events; i++) {
  sends.push(bus.emitAsync(`bench.t${i % 4}`, { s: i }));
  if (perSecond > 0 && i % 50 === 49) {
    const due = started + ((i + 1) * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
await Promise.all(sends);
process.stdout.write(`done ${(performance.now() - started).toFixed(1)}\n`);
await bridge.stop();
