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
