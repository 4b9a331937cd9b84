/** Carries serialized bus messages between processes: KV polling (any KVStore, Workers KV) or Redis pub/sub (`fw/node`). */
export interface BusTransport {
  /** Sends one message to every subscribed process (the sender included; the bridge drops its own). */
  publish(message: string): Promise<void>;
  /** Starts receiving; `listener` is called once per message. */
  subscribe(listener: (message: string) => void): Promise<void>;
  /** Fetches pending messages now (polling transports; pub/sub transports deliver on their own). */
  poll?(): Promise<void>;
  /** Stops receiving and releases connections and timers. */
  close(): Promise<void>;
}
