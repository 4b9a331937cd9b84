import { putJSON } from '../kv/json';
import type { KVStore } from '../kv/types';
import type { SessionData, SessionStore } from './types';

function parseRecord(text: string): SessionData | null {
  try {
    const data: unknown = JSON.parse(text);
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as SessionData) : null;
  } catch {
    return null;
  }
}

/** Sessions in any `KVStore` (Redis on Node, Bun and Lambda; Workers KV on the edge), so every instance sees them. */
export class KVSessionStore implements SessionStore {
  private readonly kv: KVStore;
  private readonly prefix: string;

  /** `prefix` keeps session keys apart from other data in the same store (default `session:`). */
  constructor(kv: KVStore, prefix = 'session:') {
    if (!kv || typeof kv.get !== 'function' || typeof kv.put !== 'function') throw new TypeError('KVSessionStore needs a KVStore');
    this.kv = kv;
    this.prefix = prefix;
  }

  /** The stored record; a value that is not a JSON object counts as no session (a fresh one starts). */
  async get(sid: string): Promise<SessionData | null> {
    const text = await this.kv.get(this.prefix + sid);
    return text === null ? null : parseRecord(text);
  }

  set(sid: string, data: SessionData, ttl: number): Promise<void> {
    return putJSON(this.kv, this.prefix + sid, data, { ttl });
  }

  delete(sid: string): Promise<void> {
    return this.kv.delete(this.prefix + sid);
  }
}
