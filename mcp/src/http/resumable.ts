import { eventId, type EventStore, type Replay, type StreamKind } from './event-store';
import { SSEStream } from './sse';

/** How a resumable stream behaves towards one client. */
export interface StreamSettings {
  store: EventStore;
  /** The session the stream belongs to (replays are checked against it). */
  session: string;
  kind: StreamKind;
  /** The client speaks 2025-11-25 or later: prime each connection with an event id and `retry`, and poll. */
  polling: boolean;
  retryMs: number;
  /** Close a connection after this long (polling); undefined never does. */
  pollAfterMs: number | undefined;
  /** Ends the stream after this long without a connection (a standalone GET stream); undefined waits for the answer. */
  idleMs?: number;
  /** Called once when the stream ends (its answer sent, or dropped after `idleMs`). */
  onEnd?: () => void;
  /** Reports a failed write to the store. */
  onError: (error: unknown) => void;
}

type Listener = (seq: number, data: string) => void;

/** Writes replayed events (with the ids of the stream they came from) to a connection. */
export function writeReplay(connection: SSEStream, replay: Replay): void {
  for (const event of replay.events) connection.event(event.data, undefined, eventId(replay.stream, event.seq));
}

/**
 * One logical SSE stream whose events carry ids and are stored for replay, so it outlives its HTTP connections:
 * a client that lost the connection (or was asked to poll) reconnects with `Last-Event-ID` and gets what it missed,
 * then, on the instance that runs the stream, the rest live. The stream ends with its answer (POST) or when dropped.
 */
export class ResumableStream {
  readonly id = crypto.randomUUID();
  private seq = 0;
  private ended = false;
  private readonly connections = new Set<SSEStream>();
  private readonly listeners = new Set<Listener>();
  private readonly timers = new Map<SSEStream, ReturnType<typeof setTimeout>>();
  private idle: ReturnType<typeof setTimeout> | undefined;
  private prefix = '';
  private writes: Promise<void>;

  constructor(private readonly settings: StreamSettings) {
    this.writes = settings.store.open(settings.session, this.id, settings.kind).then((prefix) => {
      this.prefix = prefix;
    }, settings.onError);
  }

  /** Open until the stream ends, whether or not a connection is attached now. */
  get isOpen(): boolean {
    return !this.ended;
  }

  /** Resolves once every event sent so far is stored. */
  flushed(): Promise<void> {
    return this.writes;
  }

  /** The response of the first connection (primed for polling clients), after the events of `replayed` when given. */
  response(headers?: Record<string, string>, replayed?: Replay): Response {
    const connection = new SSEStream(() => this.detach(connection));
    if (replayed !== undefined) writeReplay(connection, replayed);
    if (this.settings.polling) connection.mark(eventId(this.id, this.seq), this.settings.retryMs);
    this.attach(connection);
    return connection.response(headers);
  }

  /** Sends one event: to the attached connections, to resuming ones, and to the store. */
  event(data: string): boolean {
    if (this.ended) return false;
    const seq = ++this.seq;
    for (const connection of this.connections) connection.event(data, undefined, eventId(this.id, seq));
    for (const listener of this.listeners) listener(seq, data);
    this.store(seq, data);
    return true;
  }

  /** Ends the stream: stores the end mark and closes the connections. */
  close(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idle);
    this.store(this.seq + 1, null);
    for (const connection of [...this.connections]) this.release(connection, false);
    this.settings.onEnd?.();
  }

  /**
   * Continues the stream on a new connection: first what `read` finds in the store after the client's last event id,
   * then the events sent meanwhile (caught, so nothing is lost or repeated), then the rest live. `read` runs once
   * the writes pending at the call are stored. Null when `read` finds nothing to resume.
   */
  async resume(read: () => Promise<Replay | null>, headers?: Record<string, string>): Promise<Response | null> {
    const caught: { seq: number; data: string }[] = [];
    const listener: Listener = (seq, data) => caught.push({ seq, data });
    this.listeners.add(listener);
    let replay: Replay | null;
    try {
      await this.writes;
      replay = await read();
    } finally {
      this.listeners.delete(listener);
    }
    if (replay === null) return null;
    const connection = new SSEStream(() => this.detach(connection));
    writeReplay(connection, replay);
    let last = replay.last;
    for (const event of caught) {
      if (event.seq <= last) continue;
      connection.event(event.data, undefined, eventId(this.id, event.seq));
      last = event.seq;
    }
    if (this.ended) connection.close();
    else if (replay.more) this.release(connection, true);
    else this.attach(connection);
    return connection.response(headers);
  }

  private attach(connection: SSEStream): void {
    clearTimeout(this.idle);
    this.connections.add(connection);
    const after = this.settings.pollAfterMs;
    if (this.settings.polling && after !== undefined) {
      this.timers.set(
        connection,
        setTimeout(() => this.release(connection, true), after),
      );
    }
  }

  /** Lets a connection go: with `retry` first when the server asks the client to poll. */
  private release(connection: SSEStream, poll: boolean): void {
    clearTimeout(this.timers.get(connection));
    this.timers.delete(connection);
    this.connections.delete(connection);
    if (poll) connection.mark(undefined, this.settings.retryMs);
    connection.close();
    this.waitIfIdle();
  }

  private detach(connection: SSEStream): void {
    clearTimeout(this.timers.get(connection));
    this.timers.delete(connection);
    this.connections.delete(connection);
    this.waitIfIdle();
  }

  /** Without connections, a stream with `idleMs` waits that long for a reconnection, then ends. */
  private waitIfIdle(): void {
    const idleMs = this.settings.idleMs;
    if (this.ended || idleMs === undefined || this.connections.size > 0) return;
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.close(), idleMs);
  }

  /** Queues one write after the previous ones (in order, so a replay never sees a gap); none if the stream could not be recorded. */
  private store(seq: number, data: string | null): void {
    this.writes = this.writes
      .then(() => (this.prefix === '' ? undefined : this.settings.store.append(this.prefix, seq, data)))
      .catch(this.settings.onError);
  }
}
