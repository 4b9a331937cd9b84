import { ErrorCode, RpcError } from './jsonrpc';

/** Versions of the modern era: no `initialize`, version and client capabilities in every request's `_meta` (newest first). */
export const MODERN_VERSIONS = ['2026-07-28'] as const;

/** Versions of the legacy era, negotiated by `initialize` (newest first). */
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** Protocol versions the server speaks, newest first: the modern era, then the legacy one. */
export const SUPPORTED_VERSIONS = [...MODERN_VERSIONS, ...LEGACY_VERSIONS] as const;

/** The version answered when the client asks for one we do not speak (the counter-offer; ARCHITECTURE decision). */
export const LATEST_VERSION = '2025-06-18';

/** The version assumed for an HTTP request without an `MCP-Protocol-Version` header. */
export const ASSUMED_VERSION = '2025-03-26';

/** The first version of the modern era; revisions are ISO dates, so later ones sort after it. */
const FIRST_MODERN = MODERN_VERSIONS[MODERN_VERSIONS.length - 1];

/** Whether a version string is one the server speaks, in either era. */
export function isSupportedVersion(version: unknown): version is string {
  return typeof version === 'string' && (SUPPORTED_VERSIONS as readonly string[]).includes(version);
}

/** Whether a version string names the modern era (2026-07-28 or a later date, spoken or not). */
export function isModernVersion(version: unknown): version is string {
  return typeof version === 'string' && version >= FIRST_MODERN;
}

/** Picks the version to answer `initialize` with: the client's when it is a legacy one we speak, else our preferred one. */
export function negotiateVersion(requested: unknown, preferred: string): string {
  return typeof requested === 'string' && (LEGACY_VERSIONS as readonly string[]).includes(requested) ? requested : preferred;
}

/** Whether JSON-RPC batches are allowed: 2025-06-18 removed them, so only 2025-03-26 and 2024-11-05 keep them. */
export function allowsBatches(version: string): boolean {
  return version < '2025-06-18';
}

/** Whether SSE streams may be primed and polled (event id with empty data, `retry`, server-side close): 2025-11-25 on. */
export function allowsPolling(version: string): boolean {
  return version >= '2025-11-25';
}

/**
 * The spec's UnsupportedProtocolVersionError (-32022): the versions usable the way the client asked (a 2026-07-28
 * request: the modern ones, as `server/discover` lists them; otherwise all), and the one asked for.
 */
export function unsupportedVersion(requested: string, supported: readonly string[] = SUPPORTED_VERSIONS): RpcError {
  return new RpcError(
    ErrorCode.UnsupportedProtocolVersion,
    `Unsupported protocol version ${JSON.stringify(requested.slice(0, 40))}: supported versions are ${MODERN_VERSIONS.join(', ')} (per-request _meta) and ${LEGACY_VERSIONS.join(', ')} (initialize)`,
    { supported: [...supported], requested: requested.slice(0, 40) },
  );
}
