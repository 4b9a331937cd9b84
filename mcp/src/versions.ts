/** Protocol versions the server speaks, newest first. */
export const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** The version answered when the client asks for one we do not speak (the counter-offer; ARCHITECTURE decision). */
export const LATEST_VERSION = '2025-06-18';

/** The version assumed for an HTTP request without an `MCP-Protocol-Version` header. */
export const ASSUMED_VERSION = '2025-03-26';

/** Whether a version string is one the server speaks. */
export function isSupportedVersion(version: unknown): version is string {
  return typeof version === 'string' && (SUPPORTED_VERSIONS as readonly string[]).includes(version);
}

/** Picks the version to answer `initialize` with: the client's when we speak it, else our preferred one. */
export function negotiateVersion(requested: unknown, preferred: string): string {
  return isSupportedVersion(requested) ? requested : preferred;
}

/** Whether JSON-RPC batches are allowed: 2025-06-18 removed them, so only 2025-03-26 and 2024-11-05 keep them. */
export function allowsBatches(version: string): boolean {
  return version < '2025-06-18';
}

/** Whether SSE streams may be primed and polled (event id with empty data, `retry`, server-side close): 2025-11-25 on. */
export function allowsPolling(version: string): boolean {
  return version >= '2025-11-25';
}
