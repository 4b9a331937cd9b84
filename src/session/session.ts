import type { SessionData } from './types';

/** What a session asks of the request that loaded it: storing, forgetting and fresh ids. */
export interface SessionBackend {
  store(id: string, data: SessionData, session: Session): Promise<void>;
  forget(id: string): Promise<void>;
  newId(): string;
}

const reserved = new Set(['__proto__', 'constructor', 'id', 'isNew', 'toJSON', 'changed', 'save', 'destroy', 'regenerate']);

/**
 * `ctx.session`: assign fields on it (JSON values), then `await save()` (or let the request end: changed data is
 * saved then). `destroy()` forgets the session and clears the cookie; `regenerate()` moves the data to a new id
 * (call it after a login, against session fixation). `id`, `isNew`, `save`, `destroy` and `regenerate` are reserved.
 */
export class Session {
  [field: string]: unknown;
  #id: string;
  #isNew: boolean;
  #backend: SessionBackend;
  #snapshot: string;

  constructor(id: string, data: SessionData | null, backend: SessionBackend) {
    this.#id = id;
    this.#isNew = data === null;
    this.#backend = backend;
    if (data !== null) for (const key of Object.keys(data)) if (!reserved.has(key)) this[key] = data[key];
    this.#snapshot = JSON.stringify(this.toJSON());
  }

  /** The session id (what the signed cookie carries). */
  get id(): string {
    return this.#id;
  }

  /** Whether the session was created during this request (no stored session came with it). */
  get isNew(): boolean {
    return this.#isNew;
  }

  /** The fields, as stored. */
  toJSON(): SessionData {
    return { ...this };
  }

  /** Whether the fields differ from what was loaded or last saved. */
  changed(): boolean {
    return JSON.stringify(this.toJSON()) !== this.#snapshot;
  }

  /** Stores the fields now (and sets the cookie on the response). */
  async save(): Promise<void> {
    const data = this.toJSON();
    await this.#backend.store(this.#id, data, this);
    this.#snapshot = JSON.stringify(data);
  }

  /** Forgets the stored session and clears every field; the cookie is cleared unless the session is saved again. */
  async destroy(): Promise<void> {
    const old = this.#id;
    for (const key of Object.keys(this)) delete this[key];
    this.#id = this.#backend.newId();
    this.#isNew = true;
    this.#snapshot = '{}';
    await this.#backend.forget(old);
  }

  /** Moves the fields to a new session id, forgetting the old one. */
  async regenerate(): Promise<void> {
    const old = this.#id;
    this.#id = this.#backend.newId();
    await this.#backend.forget(old);
    await this.save();
  }
}
