/** What a handler learns about the event besides its payload. */
export interface BusEvent {
  topic: string;
  /** True when the event came from another process through a bridge. */
  remote: boolean;
  /** The emitting bridge instance for remote events. */
  origin?: string;
  /**
   * The idempotency key of a remote event: the same on every delivery of one event. The bridge drops repeats it
   * remembers (its last 10000 ids); after a restart, a redelivered event reaches handlers again with this same id.
   */
  id?: string;
}

/** A subscriber; a returned promise is awaited by `emitAsync` and its rejection reported, never unhandled. */
export type EventHandler<T = any> = (payload: T, event: BusEvent) => unknown;

/** Options of an EventBus (spec `EventBusOptions`). */
export interface EventBusOptions {
  /** Name shown in stats and logs (default `default`). */
  name?: string;
  /** Most handlers on one topic or pattern (default 1000); one more is an error. */
  maxHandlersPerTopic?: number;
  /** Receives errors thrown by handlers during `emit` (default: console.error). */
  onError?: (error: unknown, topic: string) => void;
}

/** Counts returned by `stats()`. */
export interface EventBusStats {
  /** Topics and patterns with at least one handler. */
  topics: number;
  /** Handlers over all topics. */
  handlers: number;
  /** Events emitted locally (emit and emitAsync). */
  emitted: number;
}

/** Sees every locally emitted event (bridges use it to forward); a returned promise is awaited by `emitAsync`. */
export type PublishListener = (topic: string, payload: unknown) => unknown;
