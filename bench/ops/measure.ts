/**
 * Times one contestant of the ops bench in this process: checks its answer first, warms up, then reports the
 * median ns per operation over 15 samples as a JSON line.
 */
import { EventEmitter } from 'node:events';
import CircuitBreakerPeer from 'opossum';
import pino from 'pino';
import { CircuitBreaker } from '../../src/circuit-breaker';
import { EventBus } from '../../src/event-bus';
import { createLogger } from '../../src/logger';

type Op = () => unknown;

interface Contestant {
  /** Returns the operation to time; throws when its answer is wrong. */
  prepare(): Promise<Op>;
  /** Operations per sample. */
  batch: number;
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`wrong answer: ${what}`);
}

const payload = { id: 42, user: 'ann', total: 12.5 };

const contestants: Record<string, Record<string, Contestant>> = {
  'emit (3 handlers)': {
    'fw EventBus': {
      batch: 100_000,
      async prepare() {
        const bus = new EventBus();
        let seen = 0;
        for (let i = 0; i < 3; i++)
          bus.on('order.created', (p: typeof payload) => {
            seen += p.id;
          });
        bus.emit('order.created', payload);
        check(seen === 126, 'fw bus delivered to 3 handlers');
        return () => bus.emit('order.created', payload);
      },
    },
    'node:events EventEmitter': {
      batch: 100_000,
      async prepare() {
        const emitter = new EventEmitter();
        let seen = 0;
        for (let i = 0; i < 3; i++)
          emitter.on('order.created', (p: typeof payload) => {
            seen += p.id;
          });
        emitter.emit('order.created', payload);
        check(seen === 126, 'EventEmitter delivered to 3 handlers');
        return () => emitter.emit('order.created', payload);
      },
    },
  },
  'log line (info, 3 fields, JSON to a no-op sink)': {
    'fw createLogger': {
      batch: 20_000,
      async prepare() {
        let last = '';
        const log = createLogger({
          service: 'bench',
          write: (line) => {
            last = line;
          },
        });
        log.info('order placed', payload);
        const parsed = JSON.parse(last);
        check(parsed.message === 'order placed' && parsed.id === 42 && parsed.level === 'info', 'fw log line');
        return () => log.info('order placed', payload);
      },
    },
    pino: {
      batch: 20_000,
      async prepare() {
        let last = '';
        const log = pino(
          { base: { service: 'bench' } },
          {
            write: (line: string) => {
              last = line;
            },
          },
        );
        log.info(payload, 'order placed');
        const parsed = JSON.parse(last);
        check(parsed.msg === 'order placed' && parsed.id === 42 && parsed.level === 30, 'pino log line');
        return () => log.info(payload, 'order placed');
      },
    },
  },
  'guarded call (closed breaker, async fn)': {
    'fw CircuitBreaker': {
      batch: 20_000,
      async prepare() {
        const breaker = new CircuitBreaker({ name: 'bench' });
        check((await breaker.execute(async () => 7)) === 7, 'fw breaker result');
        return () => breaker.execute(async () => 7);
      },
    },
    opossum: {
      batch: 20_000,
      async prepare() {
        const breaker = new CircuitBreakerPeer(async () => 7, { timeout: false });
        check((await breaker.fire()) === 7, 'opossum result');
        return () => breaker.fire();
      },
    },
  },
};

async function sample(op: Op, batch: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < batch; i++) {
    const result = op();
    if (result instanceof Promise) await result;
  }
  return Number(process.hrtime.bigint() - started) / batch;
}

const [caseName, name] = process.argv.slice(2);
const contestant = contestants[caseName]?.[name];
if (!contestant) throw new Error(`unknown contestant "${caseName}" / "${name}"`);
const op = await contestant.prepare();
for (let i = 0; i < 5; i++) await sample(op, contestant.batch);
const samples: number[] = [];
for (let i = 0; i < 15; i++) samples.push(await sample(op, contestant.batch));
samples.sort((a, b) => a - b);
console.log(JSON.stringify({ median: samples[7] }));
