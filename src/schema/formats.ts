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
let version = 0;

/** Adds (or replaces) a format in the global registry so requests can ask for it by Accept or Content-Type. */
export function registerFormat(format: DataFormat): void {
  if (!format || typeof format.name !== 'string' || typeof format.parse !== 'function' || typeof format.serialize !== 'function') {
    throw new TypeError('registerFormat needs { name, contentTypes, contentType, parse, serialize }');
  }
  byName.set(format.name.toLowerCase(), format);
  for (const type of format.contentTypes) byType.set(type.toLowerCase(), format);
  version++;
}

/** Finds a format by name (`yaml`), media type (`application/yaml; charset=utf-8`) or extension (`.yml`). */
export function getFormat(nameOrContentType: string): DataFormat | undefined {
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
  registerFormat(jsonFormat);
}

/** How many formats are registered; the core uses it to skip negotiation when only JSON exists. */
export function formatCount(): number {
  return byName.size;
}

/** A counter bumped on every registration, so callers can cache negotiation results safely. */
export function formatsVersion(): number {
  return version;
}

/**
 * Picks the response format for an Accept header: the registered format with the highest quality,
 * the default for `*` wildcards or when nothing registered is acceptable.
 */
export function negotiateFormat(accept: string | null, fallback: DataFormat): DataFormat {
  if (accept === null || byName.size === 1) return fallback;
  let best: DataFormat | undefined;
  let bestQ = 0;
  for (const part of accept.split(',')) {
    const [rawType, ...rawParams] = part.split(';');
    const type = rawType.trim().toLowerCase();
    let q = 1;
    for (const param of rawParams) {
      const [k, v] = param.split('=');
      if (k.trim() === 'q') q = Number.parseFloat(v) || 0;
    }
    if (q <= bestQ) continue;
    const format = type === '*/*' || type.endsWith('/*') ? fallback : getFormat(type);
    if (format) {
      best = format;
      bestQ = q;
    }
  }
  return best ?? fallback;
}

resetFormats();
