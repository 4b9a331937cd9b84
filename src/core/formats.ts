import { parseAccept, rangeCovers } from './accept';

/** A wire format for request and response bodies (JSON is built in; YAML and custom ones register). */
export interface DataFormat {
  name: string;
  contentTypes: string[];
  extensions: string[];
  contentType: string;
  parse(text: string): unknown;
  serialize(value: unknown): string;
}

/** JSON, the native format: always registered and the default unless an app says otherwise. */
export const jsonFormat: DataFormat = {
  name: 'json',
  contentTypes: ['application/json', 'text/json'],
  extensions: ['.json'],
  contentType: 'application/json; charset=utf-8',
  parse: (text) => JSON.parse(text),
  serialize: (value) => JSON.stringify(value) ?? 'null',
};

const byName = new Map<string, DataFormat>();
const byType = new Map<string, DataFormat>();

/** Puts a format in the registry under its name and media types (registerFormat checks it first). */
function add(format: DataFormat): void {
  byName.set(format.name.toLowerCase(), format);
  for (const type of format.contentTypes) byType.set(type.toLowerCase(), format);
}

// JSON is registered by a plain call here, not through registerFormat(), so a bundle that never registers a format
// carries no registration code.
add(jsonFormat);

/** How a response picks its format from Accept: installed by registerFormat(), so a JSON-only bundle carries no Accept parser. */
let negotiation: typeof negotiateFormat | null = null;

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function assertFormat(format: DataFormat): void {
  const f = format as Partial<DataFormat> | null;
  const valid =
    f !== null &&
    typeof f === 'object' &&
    typeof f.name === 'string' &&
    f.name !== '' &&
    isStringList(f.contentTypes) &&
    f.contentTypes.length > 0 &&
    isStringList(f.extensions) &&
    typeof f.contentType === 'string' &&
    typeof f.parse === 'function' &&
    typeof f.serialize === 'function';
  if (!valid) throw new TypeError('registerFormat needs { name, contentTypes (non-empty), extensions, contentType, parse, serialize }');
}

/** Adds (or replaces, by name) a format in the global registry so requests can ask for it by Accept or Content-Type. */
export function registerFormat(format: DataFormat): void {
  assertFormat(format);
  const previous = byName.get(format.name.toLowerCase());
  if (previous !== undefined) for (const [type, owner] of byType) if (owner === previous) byType.delete(type);
  add(format);
  negotiation = negotiateFormat;
}

/** Finds a format by name (`yaml`), media type (`application/yaml; charset=utf-8`) or extension (`.yml`). */
export function getFormat(nameOrContentType: string): DataFormat | undefined {
  if (typeof nameOrContentType !== 'string') return undefined;
  const key = nameOrContentType.toLowerCase().trim();
  const named = byName.get(key);
  if (named) return named;
  const semi = key.indexOf(';');
  const type = semi === -1 ? key : key.slice(0, semi).trim();
  const typed = byType.get(type);
  if (typed) return typed;
  if (type.endsWith('+json')) return byName.get('json');
  if (key.startsWith('.')) for (const format of byName.values()) if (format.extensions.includes(key)) return format;
  return undefined;
}

/** Every registered format, JSON first. */
export function listFormats(): DataFormat[] {
  return [...byName.values()];
}

/** Drops every registered format but JSON (for tests and for apps that rebuild their registry). */
export function resetFormats(): void {
  byName.clear();
  byType.clear();
  add(jsonFormat);
}

/** Whether an Accept header could pick anything but `fallback` (false while JSON is the only format and the default). */
export function negotiable(fallback: DataFormat): boolean {
  return byName.size !== 1 || byName.get('json') !== fallback;
}

/** The format of a response to `request`: the app's default, unless registered formats let its Accept header choose. */
export function responseFormatOf(request: Request, fallback: DataFormat): DataFormat {
  return negotiation === null || !negotiable(fallback) ? fallback : negotiation(request.headers.get('accept'), fallback);
}

/**
 * Picks the response format for an Accept header: the best-ranked range (quality values honoured)
 * that a registered format serves; `*\/*` and a missing header mean the default, and so does a
 * header that names nothing registered (fw answers in its default format rather than with a 406).
 */
export function negotiateFormat(accept: string | null, fallback: DataFormat): DataFormat {
  if (accept === null || !negotiable(fallback)) return fallback;
  for (const { type } of parseAccept(accept)) {
    if (type === '*/*') return fallback;
    if (type.endsWith('/*')) {
      if (fallback.contentTypes.some((t) => rangeCovers(type, t))) return fallback;
      for (const format of byName.values()) if (format.contentTypes.some((t) => rangeCovers(type, t))) return format;
      continue;
    }
    const format = byType.get(type) ?? (type.endsWith('+json') ? byName.get('json') : undefined);
    if (format !== undefined) return format;
  }
  return fallback;
}
