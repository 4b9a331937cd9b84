import { base64url, fromBase64url } from '../base64url';
import { capabilitiesFromPaths, capabilityPaths } from '../client-capabilities';
import { isLogLevel, newPeer, type LogLevel, type PeerState } from '../peer';
import type { MCPSessionOptions, SessionKV } from './options';

/** Where HTTP sessions live; every implementation survives a cold start and works across instances. */
export interface SessionStore {
  /** Starts a session for a peer that just initialized; returns its id (visible ASCII). */
  create(peer: PeerState): Promise<string>;
  /** The peer of a live session, or null for an unknown, forged or expired id. */
  load(id: string): Promise<PeerState | null>;
  /** Persists changes to a peer (its log level). */
  save(peer: PeerState): Promise<void>;
  /** Ends a session; false when this store cannot end sessions early (signed ids expire on their own). */
  end(id: string): Promise<boolean>;
}

interface Stored {
  v: string;
  c: string[];
  l?: LogLevel;
  e: number;
  /** The principal the session is bound to (OAuth), when there is one. */
  p?: string;
}

function toStored(peer: PeerState, expires: number): Stored {
  const stored: Stored = { v: peer.protocolVersion, c: capabilityPaths(peer.clientCapabilities), e: expires };
  if (peer.logLevel !== null) stored.l = peer.logLevel;
  if (peer.principal) stored.p = peer.principal;
  return stored;
}

function fromStored(id: string, stored: Stored): PeerState | null {
  if (typeof stored?.v !== 'string' || !Array.isArray(stored.c) || typeof stored.e !== 'number' || stored.e < Date.now()) return null;
  const peer = newPeer(id, stored.v, capabilitiesFromPaths(stored.c));
  if (isLogLevel(stored.l)) peer.logLevel = stored.l;
  if (typeof stored.p === 'string') peer.principal = stored.p;
  return peer;
}

const MAX_LEVELS = 10_000;

/**
 * Self-contained session ids: the session's state, signed with HMAC-SHA256. Any instance with the secret
 * accepts them, so they survive cold starts without storage. A log level set later cannot change the id,
 * so it is kept per instance (bounded); use a KV store when it must follow the client everywhere.
 */
export class SignedSessions implements SessionStore {
  private imported: Promise<CryptoKey> | null = null;
  private readonly levels = new Map<string, LogLevel>();

  constructor(
    private readonly secret: string,
    private readonly ttlMs: number,
  ) {
    if (secret.length < 16) throw new TypeError('sessions.secret must be at least 16 characters');
  }

  /** The HMAC key, imported on first use (workers allow crypto only inside a request). */
  private get key(): Promise<CryptoKey> {
    return (this.imported ??= crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(this.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  }

  async create(peer: PeerState): Promise<string> {
    const payload = new TextEncoder().encode(
      JSON.stringify({ ...toStored(peer, Date.now() + this.ttlMs), n: crypto.randomUUID().slice(0, 8) }),
    );
    const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await this.key, payload));
    peer.key = `${base64url(payload)}.${base64url(signature)}`;
    return peer.key;
  }

  async load(id: string): Promise<PeerState | null> {
    const [body, sig, extra] = id.split('.');
    if (extra !== undefined || !body || !sig) return null;
    const payload = fromBase64url(body);
    const signature = fromBase64url(sig);
    if (!payload || !signature) return null;
    if (!(await crypto.subtle.verify('HMAC', await this.key, signature, payload))) return null;
    let stored: Stored;
    try {
      stored = JSON.parse(new TextDecoder().decode(payload));
    } catch {
      return null;
    }
    const peer = fromStored(id, stored);
    const level = this.levels.get(id);
    if (peer && level) peer.logLevel = level;
    return peer;
  }

  async save(peer: PeerState): Promise<void> {
    if (peer.logLevel === null) return;
    if (this.levels.size >= MAX_LEVELS) this.levels.delete(this.levels.keys().next().value as string);
    this.levels.set(peer.key, peer.logLevel);
  }

  async end(): Promise<boolean> {
    return false;
  }
}

/** Sessions kept in a KV store under `mcp:session:<id>`, expiring after the TTL. */
export class KVSessions implements SessionStore {
  constructor(
    private readonly store: SessionKV,
    private readonly ttlSeconds: number,
  ) {}

  private keyOf(id: string): string {
    return `mcp:session:${id}`;
  }

  async create(peer: PeerState): Promise<string> {
    const id = crypto.randomUUID();
    peer.key = id;
    await this.save(peer);
    return id;
  }

  async load(id: string): Promise<PeerState | null> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return null;
    const text = await this.store.get(this.keyOf(id));
    if (text === null) return null;
    try {
      return fromStored(id, JSON.parse(text));
    } catch {
      return null;
    }
  }

  async save(peer: PeerState): Promise<void> {
    await this.store.put(this.keyOf(peer.key), JSON.stringify(toStored(peer, Date.now() + this.ttlSeconds * 1000)), {
      ttl: this.ttlSeconds,
    });
  }

  async end(id: string): Promise<boolean> {
    await this.store.delete(this.keyOf(id));
    return true;
  }
}

/** Builds the session store the options ask for, or null for stateless operation. */
export function createSessionStore(options: MCPSessionOptions | undefined): SessionStore | null {
  if (options === undefined) return null;
  const ttl = options.ttl ?? 86_400;
  if (options.store) return new KVSessions(options.store, ttl);
  if (options.secret) return new SignedSessions(options.secret, ttl * 1000);
  throw new TypeError(
    'sessions needs a "secret" (signed self-contained ids) or a "store" (a KVStore), so sessions survive cold starts and other instances',
  );
}
