/**
 * The receiving process of the bus-loss bench:
 * `tsx bench/bus-loss/consumer.ts <streams|pubsub> <channel> <connection name> <handler ms>`.
 * Prints `ready`, then one line `<topic> <seq> <event id>` per remote event, written (synchronously, to a pipe) as the
 * handler starts; the handler then takes `handler ms` (simulated I/O), so a SIGKILL can land between a delivery and
 * its acknowledgement, and can only lose what was never handed over.
 */
import { EventBus, EventBusBridge } from '../../src/event-bus';
import { redisBusTransport } from '../../targets/node/redis-bus';

const [mode, channel, connectionName, handlerMs] = process.argv.slice(2);
const work = Number(handlerMs);
const redisOptions = { connectionName };
const transport =
  mode === 'pubsub'
    ? redisBusTransport({ mode: 'pubsub', channel, redisOptions })
    : redisBusTransport({ channel, group: 'bench', consumer: 'consumer-1', claimIdleMs: 2000, redisOptions });
const bus = new EventBus();
const bridge = new EventBusBridge(bus, { transport, onError: (error) => process.stderr.write(`onError: ${(error as Error).message}\n`) });
bus.on('bench.*', async (payload: { s: number }, event) => {
  process.stdout.write(`${event.topic} ${payload.s} ${event.id}\n`);
  if (work > 0) await new Promise((resolve) => setTimeout(resolve, work));
});
await bridge.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  process.stderr.write(`stats: ${JSON.stringify(bridge.stats())}\n`);
  void bridge.stop().then(() => process.exit(0));
});
