import { decodeHeaderValue } from './header-value';

/** A property a tool's input schema asks clients to mirror into `Mcp-Param-<header>`, and where it sits in the arguments. */
interface Mirrored {
  header: string;
  path: string[];
}

/** The `x-mcp-header` annotations of an input schema, on properties reached from the root through `properties` keys only. */
function mirrored(schema: unknown, path: string[] = [], out: Mirrored[] = []): Mirrored[] {
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties === null || typeof properties !== 'object') return out;
  for (const [key, property] of Object.entries(properties)) {
    const header = (property as Record<string, unknown> | null)?.['x-mcp-header'];
    if (typeof header === 'string' && header !== '') out.push({ header, path: [...path, key] });
    mirrored(property, [...path, key], out);
  }
  return out;
}

function valueAt(args: Record<string, unknown>, path: string[]): unknown {
  let node: unknown = args;
  for (const key of path) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

/** Whether a decoded header stands for an argument: numbers compared as numbers, booleans as `true`/`false`. */
function same(header: string, value: unknown): boolean {
  if (typeof value === 'number') return header.trim() !== '' && Number(header) === value;
  if (typeof value === 'boolean') return header === String(value);
  return header === value;
}

/**
 * Why the `Mcp-Param-*` headers of a 2026-07-28 `tools/call` do not mirror the arguments its tool's `x-mcp-header`
 * annotations name (the spec's HeaderMismatch), or null: each argument present needs its header, decoded from the
 * Base64 sentinel when sent so, equal to it; a header with characters a header may not hold is refused too.
 */
export function paramHeaderMismatch(headers: Headers, inputSchema: unknown, args: Record<string, unknown>): string | null {
  for (const { header, path } of mirrored(inputSchema)) {
    const raw = headers.get(`mcp-param-${header}`);
    const decoded = raw === null ? null : decodeHeaderValue(raw);
    if (raw !== null && decoded === null) return `Header mismatch: the Mcp-Param-${header} header is malformed`;
    const value = valueAt(args, path);
    if (value === undefined || value === null) continue;
    if (decoded === null) return `Header mismatch: the Mcp-Param-${header} header is missing (arguments.${path.join('.')} is in the body)`;
    if (!same(decoded, value))
      return `Header mismatch: Mcp-Param-${header} header value ${JSON.stringify(decoded.slice(0, 200))} does not match arguments.${path.join('.')}`;
  }
  return null;
}
