import type { SessionKV } from './options';

/** A stream answering one POST, or a session's standalone GET stream. */
export type StreamKind = 'post' | 'get';

/** What a `Last-Event-ID` finds: the events after it, in order, and whether the stream has ended. */
export interface Replay {
  stream: string;
  kind: StreamKind;
  events: { seq: number; data: string }[];
  /** The sequence number of the last event read (the given one when nothing followed). */
  last: number;
  ended: boolean;
  /** More events are stored than one replay reads: the client should reconnect for the rest. */
  more: boolean;
}

/** Stored in place of an event after a stream's last one (messages are JSON, so never this). */
const END = '.';

/** Most events one replay reads; a longer backlog is sent over several reconnections. */
const MAX_REPLAY = 1000;

/** An SSE event id: `<stream uuid>.<sequence number>`. */
export function eventId(stream: string, seq: number): string {
  return `${stream}.${seq}`;
}

function parseEventId(id: string): { stream: string; seq: number } | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,9})$/.exec(id);
  return match === null ? null : { stream: match[1], seq: Number(match[2]) };
}

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * SSE events kept for replay in a KV store, under `mcp:sse:<session digest>:<stream>` (the stream's kind) and
 * `...:<seq>` (each event), all expiring after the TTL. Keys carry the session, so one session cannot replay another's.
 */
export class EventStore {
  constructor(
    private readonly kv: SessionKV,
    private readonly ttl: number,
  ) {}

  /** Records a new stream of a session; resolves to the key prefix its events go under. */
  async open(session: string, stream: string, kind: StreamKind): Promise<string> {
    const prefix = `mcp:sse:${await digest(session)}:${stream}`;
    await this.kv.put(prefix, kind, { ttl: this.ttl });
    return prefix;
  }

  /** Stores event `seq` of a stream (`data` null marks the end). */
  append(prefix: string, seq: number, data: string | null): Promise<void> {
    return this.kv.put(`${prefix}:${seq}`, data ?? END, { ttl: this.ttl });
  }

  /** The events of this session's stream after `lastEventId`; null when the id is malformed, unknown or expired. */
  async replay(session: string, lastEventId: string): Promise<Replay | null> {
    const parsed = parseEventId(lastEventId);
    if (parsed === null) return null;
    const prefix = `mcp:sse:${await digest(session)}:${parsed.stream}`;
    const kind = await this.kv.get(prefix);
    if (kind !== 'post' && kind !== 'get') return null;
    const replay: Replay = { stream: parsed.stream, kind, events: [], last: parsed.seq, ended: false, more: false };
    for (;;) {
      if (replay.events.length === MAX_REPLAY) {
        replay.more = true;
        break;
      }
      const data = await this.kv.get(`${prefix}:${replay.last + 1}`);
      if (data === null) break;
      replay.last++;
      if (data === END) {
        replay.ended = true;
        break;
      }
      replay.events.push({ seq: replay.last, data });
    }
    return replay;
  }
}
