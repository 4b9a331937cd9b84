import { CrossCancellations } from '../cancellation-store';
import type { MCPHTTPOptions } from './options';

const DEFAULT_POLL_MS = 250;

/** The cancellation table of an endpoint from its options (store: `cancellation.store`, else `sessions.store`); a bad option fails at startup. */
export function cancellationsOf(options: MCPHTTPOptions, onError: (error: unknown) => void): CrossCancellations {
  const given = options.cancellation;
  const poll = given?.pollIntervalMs ?? DEFAULT_POLL_MS;
  if (!(typeof poll === 'number' && Number.isFinite(poll) && poll >= 10))
    throw new TypeError(`cancellation.pollIntervalMs must be a number of milliseconds of at least 10, got ${String(poll)}`);
  const store = given?.store ?? options.sessions?.store ?? null;
  if (store !== null && (typeof store.get !== 'function' || typeof store.put !== 'function' || typeof store.delete !== 'function'))
    throw new TypeError('cancellation.store must be a KVStore (get, put, delete), such as redisKV() or durableObjectKV()');
  return new CrossCancellations(store, poll, onError);
}
