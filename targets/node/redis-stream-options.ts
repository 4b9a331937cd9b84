import type { RedisClient, RedisClientOptions } from './redis-client';

/** Where the Redis bus transports connect: a client of your own (never closed by fw) or a URL fw opens and closes. */
export interface RedisConnectionOptions {
  /** An ioredis client used for publishing (and acknowledging); readers are its duplicates. Never closed by the transport. */
  client?: RedisClient;
  /** A `redis://` or `rediss://` URL when no client is given (default redis://127.0.0.1:6379). */
  url?: string;
  /** ioredis options for connections the transport opens. */
  redisOptions?: RedisClientOptions;
  /** The stream key (streams) or pub/sub channel every process of one bus uses (default `fw:bus`). */
  channel?: string;
}

/** Options of the Redis Streams transport (the default mode): at-least-once delivery, per-topic order, bounded length. */
export interface RedisStreamOptions extends RedisConnectionOptions {
  mode?: 'streams';
  /**
   * A consumer group: the process's durable identity. A restarted process with the same group (and consumer) resumes
   * where it stopped, entries are acknowledged after local handlers ran, and idle pending entries of a dead consumer are
   * claimed. Without a group the process reads from the stream's end at subscribe time (nothing lost while it runs,
   * history skipped after a restart).
   */
  group?: string;
  /** This process's name inside `group` (default: the group name). Give each process sharing a group its own. */
  consumer?: string;
  /** Approximate bound of the stream (`XADD MAXLEN ~`, default 100000 entries); older entries are trimmed. */
  maxLen?: number;
  /** A pending entry idle this long (ms) is claimed from its consumer (`XCLAIM`, default 30000). */
  claimIdleMs?: number;
  /** How often idle pending entries are looked for (ms, default 5000). */
  claimIntervalMs?: number;
  /** Entries read per command (default 100). */
  batchSize?: number;
  /** How long one blocking read waits before it is issued again (ms, default 5000). */
  blockMs?: number;
  /**
   * An entry delivered more often than this without being acknowledged (its handler keeps crashing the process, or
   * outlasts `claimIdleMs` every time) is copied to the stream `<channel>:dead`, acknowledged and reported (default 10).
   */
  maxDeliveries?: number;
}

/** Options of the Redis pub/sub transport (`mode: 'pubsub'`): fire and forget, at most once. */
export interface RedisPubSubOptions extends RedisConnectionOptions {
  mode: 'pubsub';
}

/** Options of `redisBusTransport`: Streams (default) or pub/sub (`mode: 'pubsub'`). */
export type RedisBusOptions = RedisStreamOptions | RedisPubSubOptions;

/** Stream options with every default filled in. */
export interface ResolvedStreamOptions {
  channel: string;
  group: string | undefined;
  consumer: string | undefined;
  maxLen: number;
  claimIdleMs: number;
  claimIntervalMs: number;
  batchSize: number;
  blockMs: number;
  maxDeliveries: number;
}

const connectionKeys = ['mode', 'client', 'url', 'redisOptions', 'channel'];
const streamKeys = ['group', 'consumer', 'maxLen', 'claimIdleMs', 'claimIntervalMs', 'batchSize', 'blockMs', 'maxDeliveries'];

function fail(message: string): never {
  throw new TypeError(`redisBusTransport: ${message}`);
}

function name(value: unknown, option: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '' || /\s/.test(value))
    fail(`${option} must be a non-empty string without spaces, got ${JSON.stringify(value)}`);
  return value;
}

function count(value: unknown, option: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > max)
    fail(`${option} must be an integer from 1 to ${max}, got ${String(value)}`);
  return value;
}

/** Checks the options every mode shares (unknown keys, client, url, channel), so a typo fails at construction. */
export function checkConnection(options: Record<string, unknown>, mode: 'streams' | 'pubsub'): string {
  const known = mode === 'streams' ? [...connectionKeys, ...streamKeys] : connectionKeys;
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    if (mode === 'pubsub' && streamKeys.includes(key))
      fail(`${key} is an option of the Streams mode; pub/sub has no groups, acknowledgements or bound: remove it or drop mode: 'pubsub'`);
    fail(`unknown option "${key}" (known: ${known.join(', ')})`);
  }
  const client = options.client as { duplicate?: unknown } | undefined;
  if (client !== undefined && (client === null || typeof client.duplicate !== 'function'))
    fail('client must be an ioredis client (new Redis(url))');
  if (client !== undefined && options.url !== undefined) fail('give either client or url, not both');
  const url = options.url;
  if (url !== undefined && (typeof url !== 'string' || !/^rediss?:\/\//.test(url)))
    fail(`url must be a redis:// or rediss:// URL, got ${JSON.stringify(url)}`);
  if (options.redisOptions !== undefined && (typeof options.redisOptions !== 'object' || options.redisOptions === null))
    fail('redisOptions must be an object of ioredis options');
  const channel = options.channel ?? 'fw:bus';
  if (typeof channel !== 'string' || channel === '') fail('channel must be a non-empty string');
  return channel;
}

/** Checks and completes the Streams options; a bad value throws a TypeError naming the option and what it takes. */
export function resolveStreamOptions(options: RedisStreamOptions): ResolvedStreamOptions {
  const channel = checkConnection(options as Record<string, unknown>, 'streams');
  const group = name(options.group, 'group');
  const consumer = name(options.consumer, 'consumer');
  if (consumer !== undefined && group === undefined) fail('consumer needs a group (the consumer is a member of a consumer group)');
  const claimIdleMs = count(options.claimIdleMs, 'claimIdleMs', 30_000);
  return {
    channel,
    group,
    consumer: group === undefined ? undefined : (consumer ?? group),
    maxLen: count(options.maxLen, 'maxLen', 100_000),
    claimIdleMs,
    claimIntervalMs: count(options.claimIntervalMs, 'claimIntervalMs', Math.min(5000, claimIdleMs)),
    batchSize: count(options.batchSize, 'batchSize', 100, 10_000),
    blockMs: count(options.blockMs, 'blockMs', 5000, 60_000),
    maxDeliveries: count(options.maxDeliveries, 'maxDeliveries', 10),
  };
}
