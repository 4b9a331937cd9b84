import type { MCPIntrospectionCacheOptions } from './options';

/** What one introspection answered: the claims of an active token, or null for an inactive one. */
type Answer = Record<string, unknown> | null;

interface Entry {
  answer: Answer;
  /** Until when (ms since the epoch) the answer is used. */
  until: number;
}

/** Looks a token up through the cache: the cached answer while it holds, else `ask()`'s, kept for next time. */
export type CachedIntrospection = (token: string, ask: () => Promise<Answer>) => Promise<Answer>;

const defaults = { maxEntries: 1000, maxAgeSeconds: 60, inactiveSeconds: 5 };

async function keyOf(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  let key = '';
  for (const byte of digest) key += String.fromCharCode(byte);
  return key;
}

/**
 * A cache of introspection answers (RFC 7662 or the `introspect` hook), so a client's calls do not each cost a round
 * trip to the authorization server: an active token's claims until its `exp` but at most `maxAgeSeconds` (a token
 * revoked meanwhile works until then), an inactive answer for `inactiveSeconds`, failures never. At most `maxEntries`
 * tokens, the oldest dropped first; keyed by the token's SHA-256, so the cache holds no usable token. Answers only,
 * never a lookup in flight (workerd forbids awaiting another request's I/O): calls made at the same moment each ask.
 */
export function createIntrospectionCache(options: MCPIntrospectionCacheOptions | false | undefined): CachedIntrospection {
  if (options === false) return (_token, ask) => ask();
  const maxEntries = options?.maxEntries ?? defaults.maxEntries;
  const maxAgeMs = (options?.maxAgeSeconds ?? defaults.maxAgeSeconds) * 1000;
  const inactiveMs = (options?.inactiveSeconds ?? defaults.inactiveSeconds) * 1000;
  const entries = new Map<string, Entry>();
  return async (token, ask) => {
    const key = await keyOf(token);
    const now = Date.now();
    const known = entries.get(key);
    if (known !== undefined) {
      if (known.until > now) return known.answer;
      entries.delete(key);
    }
    const answer = await ask();
    const exp = answer?.exp;
    const until =
      answer === null ? now + inactiveMs : Math.min(now + maxAgeMs, typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY);
    if (until <= now || maxEntries === 0) return answer;
    entries.delete(key);
    while (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { answer, until });
    return answer;
  };
}
