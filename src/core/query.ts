/** A parsed query string: last value per key in `values`, every value per key in `all`, the keys in first-seen order. */
export interface ParsedQuery {
  values: Record<string, string>;
  all: Record<string, string[]>;
  keys: string[];
}

/** A bounded LRU of parsed query strings, shared by requests so a repeated query is parsed once. */
export class QueryParseCache {
  private readonly entries = new Map<string, ParsedQuery>();

  constructor(readonly max = 512) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`QueryParseCache size must be a positive integer, got ${max}`);
  }

  /** The cached parse of a query string, refreshed as most recently used. */
  get(key: string): ParsedQuery | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Stores a parse, evicting the least recently used entry past `max`. */
  set(key: string, value: ParsedQuery): void {
    if (this.entries.has(key)) this.entries.delete(key);
    else if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
  }

  /** Whether a query string is cached. */
  /** The parsed form of a query string, from the cache or parsed and kept. */
  parse(search: string): ParsedQuery {
    let parsed = this.get(search);
    if (parsed === undefined) {
      parsed = parseQueryString(search);
      this.set(search, parsed);
    }
    return parsed;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Empties the cache. */
  clear(): void {
    this.entries.clear();
  }

  /** How many query strings are cached. */
  get size(): number {
    return this.entries.size;
  }
}

function decodeComponent(raw: string): string {
  const spaced = raw.indexOf('+') === -1 ? raw : raw.replace(/\+/g, ' ');
  if (spaced.indexOf('%') === -1) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Parses a query string (without `?`) in one pass; malformed percent-encoding keeps the raw text. */
export function parseQueryString(search: string): ParsedQuery {
  const values: Record<string, string> = Object.create(null);
  const all: Record<string, string[]> = Object.create(null);
  const keys: string[] = [];
  let start = 0;
  const length = search.length;
  while (start < length) {
    let end = search.indexOf('&', start);
    if (end === -1) end = length;
    if (end > start) {
      const eq = search.indexOf('=', start);
      const hasValue = eq !== -1 && eq < end;
      const key = decodeComponent(search.slice(start, hasValue ? eq : end));
      const value = hasValue ? decodeComponent(search.slice(eq + 1, end)) : '';
      if (key !== '') {
        values[key] = value;
        const seen = all[key];
        if (seen === undefined) {
          all[key] = [value];
          keys.push(key);
        } else seen.push(value);
      }
    }
    start = end + 1;
  }
  return { values, all, keys };
}

/**
 * A plain-object copy of the last value per key, for handlers to own (the parse may be cached). Copied key by
 * key: spreading the null-prototype `values` is about ten times slower; `__proto__` stays plain data.
 */
export function copyQueryValues(parsed: ParsedQuery): Record<string, string> {
  const { keys, values } = parsed;
  const copy: Record<string, string> = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key === '__proto__') Object.defineProperty(copy, key, { value: values[key], enumerable: true, writable: true, configurable: true });
    else copy[key] = values[key];
  }
  return copy;
}
