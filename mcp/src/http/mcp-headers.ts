import type { JSONRPCRequest } from '../jsonrpc';
import { decodeHeaderValue, isSafeHeaderValue, withoutOWS } from '../modern/header-value';

/** Methods whose `Mcp-Name` header mirrors a body field (2026-07-28 standard request headers). */
const NAME_SOURCE: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/**
 * Why the headers of a 2026-07-28 POST do not stand for its body (the spec's server validation, HeaderMismatch), or
 * null when they do: `MCP-Protocol-Version` must equal the `_meta` version, `Mcp-Method` the method, and `Mcp-Name`
 * (Base64 sentinel decoded) the `name` of `tools/call` and `prompts/get` or the `uri` of `resources/read`.
 */
export function headerMismatch(headers: Headers, request: JSONRPCRequest, version: string): string | null {
  const checks: [string, unknown][] = [
    ['MCP-Protocol-Version', version],
    ['Mcp-Method', request.method],
  ];
  const source = NAME_SOURCE[request.method];
  const named = source === undefined ? undefined : request.params?.[source];
  if (typeof named === 'string') checks.push(['Mcp-Name', named]);
  for (const [name, body] of checks) {
    const raw = headers.get(name);
    if (raw === null) return `Header mismatch: the required ${name} header is missing`;
    const value = name === 'Mcp-Name' ? decodeHeaderValue(raw) : isSafeHeaderValue(raw) ? withoutOWS(raw) : null;
    if (value === null) return `Header mismatch: the ${name} header is malformed`;
    if (value !== body)
      return `Header mismatch: ${name} header value ${JSON.stringify(value.slice(0, 200))} does not match body value ${JSON.stringify(String(body).slice(0, 200))}`;
  }
  return null;
}
