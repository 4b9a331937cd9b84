/** What a transport reports besides messages: connection failures, reconnects and redeliveries. */
export interface TransportHooks {
  /** A failure the transport survived or could not survive (lost connection, failed poll, trimmed entries). */
  onError?(error: unknown): void;
}

/** Counts a transport keeps about its health (all optional: a transport reports what it knows). */
export interface TransportStats {
  /** Failures reported through `onError`. */
  errors: number;
  /** Times the connection was lost and opened again. */
  reconnects: number;
  /** Messages handed to the listener again (read before and not acknowledged). */
  redeliveries: number;
  /** Messages handed to the listener and not acknowledged yet. */
  pending: number;
}

/**
 * What a listener returns: nothing (the message counts as handled at once) or a promise; a transport with
 * acknowledgements (Redis Streams, a KV cursor) acknowledges the message only after that promise settles.
 */
export type TransportListener = (message: string) => void | Promise<unknown>;

/**
 * Carries serialized bus messages between processes: Redis Streams or pub/sub (`fw/node`), KV polling (any KVStore).
 * Transports written before `hooks` and `stats` existed still work: both are optional.
 */
export interface BusTransport {
  /** Sends one message to every subscribed process (the sender included; the bridge drops its own). */
  publish(message: string): Promise<void>;
  /** Starts receiving; `listener` is called once per message (more than once only for redeliveries). */
  subscribe(listener: TransportListener, hooks?: TransportHooks): Promise<void>;
  /** Fetches pending messages now (polling transports; pub/sub transports deliver on their own). */
  poll?(): Promise<void>;
  /** Health counts; the bridge merges them into its `stats()`. */
  stats?(): Partial<TransportStats>;
  /** Stops receiving and releases connections and timers. */
  close(): Promise<void>;
}
