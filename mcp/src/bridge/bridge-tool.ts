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

/** Safe JSON for app values: functions, bigints, symbols and cycles described instead of throwing. */
export function toJSONSafe(value: unknown): unknown {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(value, (_key, v) => {
    if (typeof v === 'function') return `[function ${v.name || 'anonymous'}]`;
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'symbol') return v.toString();
    if (v instanceof Map) return Object.fromEntries(v);
    if (v instanceof Set) return [...v];
    if (v !== null && typeof v === 'object') {
      if (seen.has(v)) return '[circular]';
      seen.add(v);
    }
    return v;
  });
  return text === undefined ? null : JSON.parse(text);
}
