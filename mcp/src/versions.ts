/** Protocol versions the server speaks, newest first. */
export const SUPPORTED_VERSIONS = ['2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** The version answered when the client asks for one we do not speak. */
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
