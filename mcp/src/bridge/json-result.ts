import type { ToolResult } from './route-tool-call';

/** Wraps a JSON value as a tool result: the JSON text, plus structured content when it is an object. */
export function jsonResult(value: unknown): ToolResult {
  const result: ToolResult = { content: [{ type: 'text', text: JSON.stringify(value, null, 2) ?? 'null' }] };
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) result.structuredContent = value as Record<string, unknown>;
  return result;
}

/** The answer of a runtime tool whose subsystem is not present in this app: a result, not an error. */
export function unavailable(reason: string): ToolResult {
  return jsonResult({ available: false, reason });
}

/** A tool failure reported to the client as `isError`, per MCP (not a protocol error). */
export function toolError(message: string): ToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
