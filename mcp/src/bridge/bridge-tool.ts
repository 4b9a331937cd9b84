import type { JSONSchema } from 'fw';
import type { ToolResult } from './route-tool-call';
import type { ToolAnnotations, RouteToolContext } from './route-tools';

/** A tool the bridge adds to the MCP server: route tools and runtime tools share this shape. */
export interface BridgeTool {
  name: string;
  description: string;
  inputSchema: JSONSchema;
  annotations: ToolAnnotations;
  /** Mutating tools are listed and callable only with `allowMutation`. */
  mutating?: boolean;
  /** OAuth scopes a token needs to call it. */
  scopes?: string[];
  /** Whether the subsystem it reads is there (asked per request); a tool for a missing subsystem is not listed. */
  available?: () => boolean;
  handler(args: Record<string, unknown>, ctx?: RouteToolContext): Promise<ToolResult>;
}

/** Live subsystems the runtime tools read; each falls back to the app state key `fw:<name>` when not given. */
export interface RuntimeBridgeOptions {
  /** A RoomManager: `rooms()`, `presence(room)`, `connections()`. */
  rooms?: { rooms(): unknown; presence(room: string): unknown; connections(): unknown };
  /** A HotReloader: `status()`, `trigger()`, `modules()`. */
  hotReloader?: { status(): unknown; trigger(): unknown; modules(): unknown };
  /** Static site output: the paths, and a renderer for one path. */
  ssg?: { paths: string[] | (() => string[] | Promise<string[]>); render?(path: string): unknown };
  /** A rate limiter exposing `metrics()` (current RPS, limits, buckets). */
  rateLimiter?: { metrics(): unknown };
  /** A circuit-breaker registry (default: the process-wide one of `fw`). */
  circuitBreakers?: { list(): Array<{ name: string; metrics(): unknown }>; metrics(): unknown; reset(name: string): boolean };
  /** Produces the app's OpenAPI document. */
  openapi?: () => unknown;
  /** Reads this instance's cold-start statistics (default: `getColdStartStats` of `fw/serverless`). */
  coldStart?: () => { invocations: number; target: string };
}

function safeCopy(value: unknown, ancestors: Set<object>): unknown {
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'bigint' || typeof value === 'symbol') return value.toString();
  if (value === null || typeof value !== 'object') return typeof value === 'number' && !Number.isFinite(value) ? null : value;
  if (ancestors.has(value)) return '[circular]';
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return safeCopy(toJSON.call(value), ancestors);
  ancestors.add(value);
  let out: unknown;
  if (Array.isArray(value)) out = value.map((item) => (item === undefined ? null : safeCopy(item, ancestors)));
  else if (value instanceof Map) out = safeCopy(Object.fromEntries(value), ancestors);
  else if (value instanceof Set) out = safeCopy([...value], ancestors);
  else {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) copy[key] = safeCopy(item, ancestors);
    out = copy;
  }
  ancestors.delete(value);
  return out;
}

/** Safe JSON for app values: functions, bigints and symbols described, cycles (not shared references) marked, never a throw. */
export function toJSONSafe(value: unknown): unknown {
  const copy = safeCopy(value, new Set());
  return copy === undefined ? null : copy;
}
