/** The tool names OpenAI's and Anthropic's tool APIs accept (LangChain and the AI SDK pass MCP names on unchanged). */
export const PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** How a server names its tools to clients: as registered (`'mcp'`, the default) or within `PROVIDER_TOOL_NAME`. */
export type ToolNameStyle = 'mcp' | 'provider-safe';

const MAX_LENGTH = 64;
/** `_` and eight hex digits. */
const SUFFIX_LENGTH = 9;

/** Refuses a `toolNameStyle` that is neither style, at startup. */
export function checkToolNameStyle(style: unknown): asserts style is ToolNameStyle | undefined {
  if (style !== undefined && style !== 'mcp' && style !== 'provider-safe')
    throw new TypeError(`toolNameStyle must be 'mcp' (the default) or 'provider-safe', got ${JSON.stringify(style)}`);
}

/** FNV-1a (32 bits) of a name's UTF-16 code units, as eight hex digits: a short, stable, synchronous fingerprint. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Every character outside `[a-zA-Z0-9_-]` as `_` (one per code point). */
function sanitize(name: string): string {
  return Array.from(name, (ch) => (/[a-zA-Z0-9_-]/.test(ch) ? ch : '_')).join('');
}

/** The sanitized name cut to leave room for the suffix, then `_` and the fingerprint of the original name (and `salt`). */
function hashed(name: string, salt: number): string {
  const head = sanitize(name).slice(0, MAX_LENGTH - SUFFIX_LENGTH);
  return `${head}_${fingerprint(salt === 0 ? name : `${name}#${salt}`)}`;
}

/**
 * The provider-safe form of one name, on its own: the name itself when it matches `PROVIDER_TOOL_NAME`, else every
 * other character as `_` (`fw/routes/list` -> `fw_routes_list`), and a name longer than 64 characters cut to 55 plus
 * `_` and eight hex digits of its fingerprint.
 */
export function safeToolName(name: string): string {
  if (PROVIDER_TOOL_NAME.test(name)) return name;
  const clean = sanitize(name);
  return clean.length <= MAX_LENGTH ? clean : hashed(name, 0);
}

/**
 * Provider-safe names for a set of tool names, without collisions (original -> safe). Each name gets `safeToolName`
 * unless another name gets the same form: then a name that already was that form keeps it, and the others get a
 * fingerprint suffix (`fw_routes_list_1c9e5a07`). The result depends on the set only, never on its order.
 */
export function providerSafeNames(names: Iterable<string>): Map<string, string> {
  const all = [...new Set(names)].sort();
  const forms = new Map(all.map((name) => [name, safeToolName(name)]));
  const holders = new Map<string, number>();
  for (const form of forms.values()) holders.set(form, (holders.get(form) ?? 0) + 1);
  const result = new Map<string, string>();
  const taken = new Set<string>();
  for (const [name, form] of forms) {
    if (holders.get(form) === 1 || form === name) {
      result.set(name, form);
      taken.add(form);
    }
  }
  for (const name of all) {
    if (result.has(name)) continue;
    let salt = 0;
    let candidate = hashed(name, salt);
    while (taken.has(candidate)) candidate = hashed(name, ++salt);
    result.set(name, candidate);
    taken.add(candidate);
  }
  return result;
}

/** The registration warning for a tool name a model provider would refuse (with the option that fixes it). */
export function unsafeNameWarning(name: string): string {
  return (
    `[fw-mcp] The tool ${JSON.stringify(name)} has a name outside ${PROVIDER_TOOL_NAME.source}, which OpenAI's and ` +
    `Anthropic's tool APIs refuse (LangChain and AI SDK agents pass it on unchanged); set toolNameStyle: 'provider-safe' ` +
    `on the MCP server to list it as ${JSON.stringify(safeToolName(name))}.`
  );
}
