import type { BusTransport } from '../../src/event-bus/transport';
import { openRedis, type RedisClient, type RedisClientOptions } from './redis-client';

/** Options of the Redis pub/sub transport: a client of your own, or a URL for connections it opens (and closes). */
export interface RedisBusOptions {
  /** An ioredis client used for publishing; the subscriber connection is its duplicate. Never closed by the transport. */
  client?: RedisClient;
  /** A `redis://` URL when no client is given (default redis://127.0.0.1:6379). */
  url?: string;
  /** ioredis options for connections the transport opens. */
  redisOptions?: RedisClientOptions;
  /** The pub/sub channel every process of one bus uses (default `fw:bus`). */
  channel?: string;
}

/** A BusTransport on Redis pub/sub (Node, Bun, Lambda): messages reach every subscribed process at once, no polling. */
export class RedisBusTransport implements BusTransport {
  private readonly options: RedisBusOptions;
  private readonly channel: string;
  private publisher: Promise<RedisClient> | null = null;
  private subscriber: RedisClient | null = null;

  constructor(options: RedisBusOptions = {}) {
    const channel = options.channel ?? 'fw:bus';
    if (typeof channel !== 'string' || channel === '') throw new TypeError('redisBusTransport channel must be a non-empty string');
    this.options = options;
    this.channel = channel;
  }

  /** Publishes one message on the channel. */
  async publish(message: string): Promise<void> {
    await (await this.client()).publish(this.channel, message);
  }

  /** Opens the subscriber connection and hands every message of the channel to `listener`. */
  async subscribe(listener: (message: string) => void): Promise<void> {
    if (this.subscriber) throw new Error('redisBusTransport is already subscribed');
    const base = await this.client();
    const subscriber = base.duplicate();
    subscriber.on('error', () => {
      // Reconnects are handled by ioredis; failures of subscribe() below reach the caller.
    });
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) listener(message);
    });
    await subscriber.subscribe(this.channel);
    this.subscriber = subscriber;
  }

  /** Closes the subscriber, and the publisher when the transport opened it. */
  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit();
    if (!this.options.client && this.publisher) {
      const publisher = await this.publisher;
      this.publisher = null;
      await publisher.quit();
    }
  }

  private client(): Promise<RedisClient> {
    return (this.publisher ??= this.options.client
      ? Promise.resolve(this.options.client)
      : openRedis(this.options.url ?? 'redis://127.0.0.1:6379', this.options.redisOptions));
  }
}

/** Creates a Redis pub/sub transport for `EventBusBridge` (see `RedisBusTransport`). */
export function redisBusTransport(options: RedisBusOptions = {}): RedisBusTransport {
  return new RedisBusTransport(options);
}
