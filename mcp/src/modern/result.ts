import type { CacheHints } from './caching';

/** The `_meta` key of the server's name and version on every 2026-07-28 result. */
const SERVER_INFO_META = 'io.modelcontextprotocol/serverInfo';

/**
 * A result as 2026-07-28 sends it: what the method answered, `resultType` (`complete` unless the method set one),
 * the server's identity in `_meta` (a handler's own `_meta` keys kept), and the caching hints of cacheable methods.
 */
export function modernResult(
  result: Record<string, unknown>,
  serverInfo: Record<string, unknown>,
  hints: CacheHints | null,
): Record<string, unknown> {
  const meta = result._meta !== null && typeof result._meta === 'object' ? result._meta : {};
  return { ...result, ...hints, resultType: result.resultType ?? 'complete', _meta: { [SERVER_INFO_META]: serverInfo, ...meta } };
}
