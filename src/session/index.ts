export { session, sessionMiddleware } from './middleware';
export { Session } from './session';
export { MemorySessionStore } from './memory-store';
export { KVSessionStore } from './kv-store';
export { CookieSigner } from './signature';
export { randomSessionId } from './options';
export type { SessionOptions, SessionStore, SessionData } from './types';
