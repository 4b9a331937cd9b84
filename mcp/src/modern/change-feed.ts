import type { KVStore } from 'fw';

/** A change clients may listen for: a list (`tools`, `prompts`, `resources`) or one resource by URI. */
export type Change = { list: 'tools' | 'prompts' | 'resources' } | { uri: string };

/** The notifications a `subscriptions/listen` stream asked for and the server agreed to send (the spec's SubscriptionFilter). */
export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

const LISTEN = 'mcp:listen:';
const SEQUENCE = 'mcp:changes:seq';
const CHANGE = 'mcp:changes:';
/** Seconds a listening subscription's record lives unless refreshed (the listener refreshes it every third of that). */
export const LISTEN_TTL_SECONDS = 60;
/** Seconds a published change stays readable. */
const CHANGE_TTL_SECONDS = 300;
/** How long a listener waits for a change whose number is taken but whose record is not written yet. */
const LATE_WRITE_MS = 5_000;
/** Most changes a listener reads in one poll (it catches up over the next ones). */
const MAX_BATCH = 500;

/** Whether a filter asks for a change. */
export function wants(filter: SubscriptionFilter, change: Change): boolean {
  if ('uri' in change) return filter.resourceSubscriptions?.includes(change.uri) ?? false;
  if (change.list === 'tools') return filter.toolsListChanged === true;
  if (change.list === 'prompts') return filter.promptsListChanged === true;
  return filter.resourcesListChanged === true;
}

function isChange(value: unknown): value is Change {
  const v = value as Record<string, unknown> | null;
  return v !== null && typeof v === 'object' && (typeof v.uri === 'string' || ['tools', 'prompts', 'resources'].includes(v.list as string));
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Where a listener stands in the feed: the last change it read, and since when it waits for a late one. */
export interface FeedCursor {
  at: number;
  waitingSince?: number;
}

/**
 * Changes published by any instance, and the `subscriptions/listen` streams listening on any instance, in a
 * `KVStore` the instances share: each listening stream keeps a record (`mcp:listen:<id>`, refreshed while open), a
 * change is numbered by the store's counter (`mcp:changes:seq`) and written as `mcp:changes:<n>` only when some
 * stream wants it, and every listener reads the changes after its cursor each poll.
 */
export class ChangeFeed {
  constructor(private readonly store: KVStore) {}

  /** Records a listening stream's filter; returns the record's id (refresh it within `LISTEN_TTL_SECONDS`). */
  async listen(filter: SubscriptionFilter, id: string = crypto.randomUUID()): Promise<string> {
    await this.store.put(`${LISTEN}${id}`, JSON.stringify(filter), { ttl: LISTEN_TTL_SECONDS });
    return id;
  }

  /** Forgets a listening stream. */
  async unlisten(id: string): Promise<void> {
    await this.store.delete(`${LISTEN}${id}`);
  }

  /** A cursor at the newest change: a new listener hears what is published from now on. */
  async cursor(): Promise<FeedCursor> {
    return { at: Number(await this.store.get(SEQUENCE)) || 0 };
  }

  /**
   * Publishes a change to the streams listening on every instance; returns how many want it (nothing is written
   * when none does).
   */
  async publish(change: Change): Promise<number> {
    let listening = 0;
    for (const key of await this.store.list({ prefix: LISTEN })) {
      const filter = parse(await this.store.get(key));
      if (filter !== null && typeof filter === 'object' && wants(filter as SubscriptionFilter, change)) listening++;
    }
    if (listening === 0) return 0;
    const n = await this.store.increment(SEQUENCE);
    await this.store.put(`${CHANGE}${n}`, JSON.stringify(change), { ttl: CHANGE_TTL_SECONDS });
    return listening;
  }

  /** The changes after `cursor` (which moves past them); a change numbered but not written yet is waited for a while. */
  async read(cursor: FeedCursor): Promise<Change[]> {
    const head = Number(await this.store.get(SEQUENCE)) || 0;
    const changes: Change[] = [];
    if (head - cursor.at > MAX_BATCH) cursor.at = head - MAX_BATCH;
    while (cursor.at < head) {
      const change = parse(await this.store.get(`${CHANGE}${cursor.at + 1}`));
      if (change === null) {
        const now = Date.now();
        cursor.waitingSince ??= now;
        if (now - cursor.waitingSince < LATE_WRITE_MS) break;
      } else if (isChange(change)) changes.push(change);
      cursor.waitingSince = undefined;
      cursor.at++;
    }
    return changes;
  }
}
