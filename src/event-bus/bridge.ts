import type { EventBus } from './bus';
import { isPattern, topicMatches } from './topic';
import type { BusTransport, TransportStats } from './transport';

/** Options of an EventBusBridge. */
export interface EventBusBridgeOptions {
  /** How messages travel: `new KVBusTransport(store)` or `redisBusTransport()` from `fw/node`. */
  transport: BusTransport;
  /** Topics or patterns forwarded to other processes (default: every topic). */
  topics?: string[];
  /** This process's id in messages (default: random). */
  instanceId?: string;
  /** Receives forwarding, decoding and transport failures (lost connection, failed poll; default: console.error). */
  onError?: (error: unknown) => void;
}

interface WireMessage {
  v: 1;
  id: string;
  origin: string;
  topic: string;
  payload: unknown;
}

/** Counts returned by `EventBusBridge.stats()`. */
export interface EventBusBridgeStats extends TransportStats {
  published: number;
  received: number;
  dropped: number;
}

const MAX_REMEMBERED = 10_000;

function decode(raw: string): WireMessage {
  const message = JSON.parse(raw) as Partial<WireMessage>;
  if (
    !message ||
    message.v !== 1 ||
    typeof message.id !== 'string' ||
    typeof message.origin !== 'string' ||
    typeof message.topic !== 'string' ||
    message.topic === '' ||
    isPattern(message.topic)
  ) {
    throw new Error('not an fw event-bus message');
  }
  return message as WireMessage;
}

/**
 * Distributes a bus's events across processes: local emits are serialized (JSON) and published through the
 * transport; messages from other instances are delivered to local handlers exactly once (own messages and
 * duplicates are dropped), with `event.remote` true.
 */
export class EventBusBridge {
  readonly instanceId: string;
  private readonly bus: EventBus;
  private readonly transport: BusTransport;
  private readonly topics: string[];
  private readonly onError: (error: unknown) => void;
  private readonly delivered = new Set<string>();
  private sequence = 0;
  private unpublish: (() => void) | null = null;
  private starting: Promise<void> | null = null;
  private counts = { published: 0, received: 0, dropped: 0, errors: 0 };

  constructor(bus: EventBus, options: EventBusBridgeOptions) {
    if (!bus || typeof bus.onPublish !== 'function') throw new TypeError('EventBusBridge needs an EventBus');
    if (!options?.transport || typeof options.transport.publish !== 'function')
      throw new TypeError('EventBusBridge needs a transport (KVBusTransport or redisBusTransport)');
    this.bus = bus;
    this.transport = options.transport;
    this.topics = options.topics ?? ['**'];
    this.instanceId = options.instanceId ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    const report = options.onError ?? ((error: unknown) => console.error('[fw event-bus bridge]', error));
    if (typeof report !== 'function') throw new TypeError('EventBusBridge onError must be a function');
    this.onError = (error) => {
      this.counts.errors++;
      report(error);
    };
  }

  /** Subscribes to the transport and starts forwarding local emits; calling it again is harmless. */
  start(): Promise<void> {
    return (this.starting ??= this.transport
      .subscribe((raw) => this.receive(raw), { onError: this.onError })
      .then(() => {
        this.unpublish = this.bus.onPublish((topic, payload) => this.forward(topic, payload));
      }));
  }

  /** Fetches pending remote events now (KV polling; on workers call it per request). Starts the bridge if needed. */
  async poll(): Promise<void> {
    await this.start();
    await this.transport.poll?.();
  }

  /** Stops forwarding and receiving. */
  async stop(): Promise<void> {
    this.unpublish?.();
    this.unpublish = null;
    this.starting = null;
    await this.transport.close();
  }

  /**
   * Messages sent (`published`), remote events delivered (`received`), messages ignored as malformed or duplicate
   * (`dropped`), failures reported to `onError` (`errors`), and the transport's `reconnects`, `redeliveries` and
   * `pending` (delivered, not acknowledged yet); 0 where the transport does not count them.
   */
  stats(): EventBusBridgeStats {
    const transport = this.transport.stats?.() ?? {};
    return {
      ...this.counts,
      reconnects: transport.reconnects ?? 0,
      redeliveries: transport.redeliveries ?? 0,
      pending: transport.pending ?? 0,
    };
  }

  private forward(topic: string, payload: unknown): Promise<void> | undefined {
    if (!this.topics.some((t) => topicMatches(t, topic))) return undefined;
    let raw: string;
    try {
      raw = JSON.stringify({
        v: 1,
        id: `${this.instanceId}:${this.sequence++}`,
        origin: this.instanceId,
        topic,
        payload,
      } satisfies WireMessage);
    } catch (error) {
      this.onError(
        new TypeError(`Event "${topic}" cannot be sent to other processes: its payload is not JSON-serializable`, { cause: error }),
      );
      return undefined;
    }
    this.counts.published++;
    return this.transport.publish(raw).catch((error) => this.onError(error));
  }

  private receive(raw: string): Promise<unknown> | undefined {
    let message: WireMessage;
    try {
      message = decode(raw);
    } catch (error) {
      this.counts.dropped++;
      this.onError(new Error(`Dropped a malformed event-bus message: ${(error as Error).message}`, { cause: error }));
      return undefined;
    }
    if (message.origin === this.instanceId) return undefined;
    if (this.delivered.has(message.id)) {
      this.counts.dropped++;
      return undefined;
    }
    this.remember(message.id);
    this.counts.received++;
    return this.bus.deliverAndWait(message.topic, message.payload, {
      topic: message.topic,
      remote: true,
      origin: message.origin,
      id: message.id,
    });
  }

  private remember(id: string): void {
    this.delivered.add(id);
    if (this.delivered.size > MAX_REMEMBERED) this.delivered.delete(this.delivered.values().next().value as string);
  }
}
