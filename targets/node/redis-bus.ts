import type { BusTransport, TransportHooks, TransportListener, TransportStats } from '../../src/event-bus/transport';
import { openRedis, type RedisClient } from './redis-client';
import { ConnectionHealth } from './redis-stream-health';
import { checkConnection, type RedisBusOptions, type RedisPubSubOptions, type RedisStreamOptions } from './redis-stream-options';
import { RedisStreamTransport } from './redis-stream-transport';

export type { RedisBusOptions, RedisPubSubOptions, RedisStreamOptions } from './redis-stream-options';

/**
 * A BusTransport on Redis pub/sub (`mode: 'pubsub'`): fire and forget, at most once. A message reaches the processes
 * subscribed at that moment; whatever is published while a subscriber is disconnected (or before it starts) is lost
 * for it, which is reported through `onError` when the connection drops.
 */
export class RedisPubSubTransport implements BusTransport {
  private readonly options: RedisPubSubOptions;
  private readonly channel: string;
  private publisher: Promise<RedisClient> | null = null;
  private subscriber: RedisClient | null = null;
  private health: ConnectionHealth | null = null;

  constructor(options: RedisPubSubOptions) {
    this.channel = checkConnection(options as unknown as Record<string, unknown>, 'pubsub');
    this.options = options;
  }

  /** Publishes one message on the channel. */
  async publish(message: string): Promise<void> {
    await (await this.client()).publish(this.channel, message);
  }

  /** Opens the subscriber connection and hands every message of the channel to `listener`. */
  async subscribe(listener: TransportListener, hooks: TransportHooks = {}): Promise<void> {
    if (this.subscriber) throw new Error('redisBusTransport is already subscribed: make one transport per bridge');
    const base = await this.client();
    const subscriber = base.duplicate();
    const health = new ConnectionHealth(hooks.onError ?? ((error: unknown) => console.error('[fw redis bus]', error)));
    health.watch(subscriber, 'subscriber', 'pub/sub is fire and forget: events published until it is back are lost for this process');
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      try {
        const handled = listener(message);
        if (handled) handled.catch((error) => health.fail(error));
      } catch (error) {
        health.fail(error);
      }
    });
    await subscriber.subscribe(this.channel);
    this.subscriber = subscriber;
    this.health = health;
  }

  /** Counts: errors reported and reconnects of the subscriber (pub/sub has no redeliveries and nothing pending). */
  stats(): TransportStats {
    return { errors: this.health?.errors ?? 0, reconnects: this.health?.reconnects ?? 0, redeliveries: 0, pending: 0 };
  }

  /** Drops the subscriber connection, and closes the publisher when the transport opened it. */
  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    this.health?.stop();
    subscriber?.disconnect();
    if (!this.options.client && this.publisher) {
      const publisher = this.publisher;
      this.publisher = null;
      const client = await publisher.catch(() => null);
      await client?.quit().catch(() => client.disconnect());
    }
  }

  private client(): Promise<RedisClient> {
    const { client, url, redisOptions } = this.options;
    this.publisher ??= (client ? Promise.resolve(client) : openRedis(url ?? 'redis://127.0.0.1:6379', redisOptions)).catch((error) => {
      this.publisher = null;
      throw error;
    });
    return this.publisher;
  }
}

/** Either Redis bus transport. */
export type RedisBusTransport = RedisStreamTransport | RedisPubSubTransport;

/**
 * Creates the Redis transport of `EventBusBridge` (Node, Bun, Lambda): Redis Streams by default (at-least-once,
 * per-topic order, `group` for a durable consumer), or pub/sub with `mode: 'pubsub'` (fire and forget, at most once).
 * Bad options throw here, naming the option.
 */
export function redisBusTransport(options?: RedisStreamOptions): RedisStreamTransport;
export function redisBusTransport(options: RedisPubSubOptions): RedisPubSubTransport;
export function redisBusTransport(options?: RedisBusOptions): RedisBusTransport;
export function redisBusTransport(options: RedisBusOptions = {}): RedisBusTransport {
  if (options === null || typeof options !== 'object') throw new TypeError('redisBusTransport: options must be an object');
  const mode = options.mode ?? 'streams';
  if (mode === 'pubsub') return new RedisPubSubTransport(options as RedisPubSubOptions);
  if (mode !== 'streams')
    throw new TypeError(`redisBusTransport: mode must be 'streams' (default) or 'pubsub', got ${JSON.stringify(mode)}`);
  return new RedisStreamTransport(options as RedisStreamOptions);
}
