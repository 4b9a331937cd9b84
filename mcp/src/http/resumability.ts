import type { Context } from 'fw';
import { MemoryStore } from '../memory-store';
import { ErrorCode } from '../jsonrpc';
import type { PeerState } from '../peer';
import { allowsPolling } from '../versions';
import { EventStore, type Replay, type StreamKind } from './event-store';
import type { MCPResumabilityOptions, MCPSessionOptions } from './options';
import { ResumableStream, writeReplay } from './resumable';
import { rpcErrorResponse } from '../http-json/error-response';
import { SSEStream } from './sse';

const MAX_TTL = 86_400;
/** Longest a standalone GET stream waits for its client to reconnect before it ends. */
const MAX_IDLE_MS = 60_000;

/** Resumability settings checked at setup. */
export interface ResumabilityConfig {
  store: EventStore;
  retryMs: number;
  pollAfterMs: number | undefined;
  idleMs: number;
}

function positive(name: string, value: number | undefined, fallback: number, max = Infinity): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > max) {
    throw new TypeError(
      `resumability.${name} must be a number above 0${max === Infinity ? '' : ` and at most ${max}`}, got ${String(value)}`,
    );
  }
  return value;
}

/** The resumability settings the options ask for: on by default with sessions, refused without them. */
export function resumabilityConfig(
  options: MCPResumabilityOptions | false | undefined,
  sessions: MCPSessionOptions | undefined,
): ResumabilityConfig | null {
  if (options === false) return null;
  if (sessions === undefined) {
    if (options === undefined) return null;
    throw new TypeError('resumability needs sessions (a replay is asked for with Mcp-Session-Id): set sessions: { secret } or { store }');
  }
  const ttl = positive('ttl', options?.ttl, 300, MAX_TTL);
  const retryMs = Math.round(positive('retryMs', options?.retryMs, 1000));
  const pollAfterMs = options?.pollAfterMs === undefined ? undefined : positive('pollAfterMs', options.pollAfterMs, 0);
  return {
    store: new EventStore(options?.store ?? new MemoryStore(), ttl),
    retryMs,
    pollAfterMs,
    idleMs: Math.min(ttl * 1000, MAX_IDLE_MS),
  };
}

/** A new standalone stream continuing after a replay of an older one (the GET stream of a session). */
export type Standalone = (replay: Replay) => Response;

/**
 * The resumable streams this instance runs, by id, so a client reconnecting here picks its stream up live; a
 * stream running elsewhere (or on a platform where a response cannot outlive its request) is replayed from the
 * store and the connection closed with `retry`, so the client polls until the stream ends.
 */
export class LiveStreams {
  private readonly live = new Map<string, ResumableStream>();

  constructor(
    private readonly config: ResumabilityConfig,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** A new resumable stream of a session peer, kept here until it ends; the platform waits for its last write. */
  open(peer: PeerState, kind: StreamKind, ctx: Context, onEnd?: () => void): ResumableStream {
    let settled!: () => void;
    ctx.waitUntil(
      new Promise<void>((resolve) => {
        settled = resolve;
      }),
    );
    const stream: ResumableStream = new ResumableStream({
      store: this.config.store,
      session: peer.key,
      kind,
      polling: allowsPolling(peer.protocolVersion),
      retryMs: this.config.retryMs,
      pollAfterMs: this.config.pollAfterMs,
      idleMs: kind === 'get' ? this.config.idleMs : undefined,
      onError: this.onError,
      onEnd: () => {
        this.live.delete(stream.id);
        onEnd?.();
        void stream.flushed().then(settled);
      },
    });
    this.live.set(stream.id, stream);
    return stream;
  }

  /**
   * Answers a GET carrying `Last-Event-ID`: the missed events of that stream of this session, then the stream live
   * when it runs here on a long-running server; else the connection closes (with `retry` while the stream goes on).
   * A session's GET stream that no longer runs anywhere continues as a new one through `standalone`.
   */
  async resume(
    ctx: Context,
    peer: PeerState,
    lastEventId: string,
    standalone: Standalone | null,
    headers: Record<string, string>,
  ): Promise<Response> {
    const longLived = ctx.executionCtx === undefined;
    const read = () => this.config.store.replay(peer.key, lastEventId);
    const live = longLived ? this.live.get(lastEventId.slice(0, lastEventId.indexOf('.'))) : undefined;
    const resumed = live === undefined ? null : await live.resume(read, headers);
    if (resumed !== null) return resumed;
    const replay = await read();
    if (replay === null) {
      return rpcErrorResponse(
        400,
        ErrorCode.InvalidRequest,
        `Bad request: Last-Event-ID ${JSON.stringify(lastEventId.slice(0, 80))} names no stream of this session (unknown, or expired: events are kept for a limited time)`,
      );
    }
    if (replay.kind === 'get' && !replay.more) {
      if (longLived && standalone !== null) return standalone(replay);
      if (replay.events.length === 0) {
        return rpcErrorResponse(
          405,
          ErrorCode.InvalidRequest,
          'Method not allowed: on this platform each request stands alone, so there is no GET stream to continue',
          { allow: 'POST, DELETE' },
        );
      }
    }
    const connection = new SSEStream();
    writeReplay(connection, replay);
    if (!replay.ended) connection.mark(undefined, this.config.retryMs);
    connection.close();
    return connection.response(headers);
  }
}
