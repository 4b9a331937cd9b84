/**
 * `fw-mcp/legacy-sse`: the legacy HTTP+SSE transport (2024-11-05), opt-in so a deployment that does not serve it does
 * not bundle it: `createMCPPlugin(server, { legacySSE })` serves `GET <path>/sse` and `POST <path>/stream`.
 */
import { LegacySSE } from './http/legacy-sse';
import type { MCPLegacySSE } from './http/options';

/** The legacy HTTP+SSE transport, given to `createMCPPlugin`'s (or `startHTTP`'s) `legacySSE` option. */
export const legacySSE: MCPLegacySSE = {
  transport: (server, postPath, maxBatchSize) => new LegacySSE(server, postPath, maxBatchSize),
};

export type { MCPLegacySSE } from './http/options';
