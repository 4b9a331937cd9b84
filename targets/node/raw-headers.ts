/**
 * The request `Headers` fw/node hands handlers: a real `Headers` (subclass) over Node's `rawHeaders` that answers
 * `get` and `has` by scanning the raw list and copies the list into itself only when anything else is used
 * (iteration, `set`, `append`, `delete`, `getSetCookie`, passing it to `new Request`/`new Headers`). Copying
 * costs undici a validation per header (~0.2 µs each on Node 20), and most requests only ever look up one or two.
 * Node's parser has already rejected names and values that `Headers` would refuse.
 */
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Request headers read from Node's raw list until something needs the full `Headers`. */
export class RawHeaders extends Headers {
  #raw: string[] | null;

  constructor(raw: string[]) {
    super();
    this.#raw = raw;
  }

  /** Copies the raw list in (once); from then on every member is the plain `Headers` one. */
  #fill(): void {
    const raw = this.#raw;
    if (raw === null) return;
    this.#raw = null;
    for (let i = 0; i < raw.length; i += 2) super.append(raw[i], raw[i + 1]);
  }

  /** The values of a header joined with `, ` (as `Headers.get`), or null. */
  override get(name: string): string | null {
    const raw = this.#raw;
    if (raw === null || !token.test(name)) {
      this.#fill();
      return super.get(name);
    }
    const lower = name.toLowerCase();
    let found: string | null = null;
    for (let i = 0; i < raw.length; i += 2) {
      const key = raw[i];
      if (key.length === lower.length && key.toLowerCase() === lower) found = found === null ? raw[i + 1] : `${found}, ${raw[i + 1]}`;
    }
    return found;
  }

  /** Whether the header is present. */
  override has(name: string): boolean {
    return this.get(name) !== null;
  }

  /** Adds a value (after copying the raw list in). */
  override append(name: string, value: string): void {
    this.#fill();
    super.append(name, value);
  }

  /** Replaces a header (after copying the raw list in). */
  override set(name: string, value: string): void {
    this.#fill();
    super.set(name, value);
  }

  /** Removes a header (after copying the raw list in). */
  override delete(name: string): void {
    this.#fill();
    super.delete(name);
  }

  /** Every Set-Cookie value (after copying the raw list in). */
  override getSetCookie(): string[] {
    this.#fill();
    return super.getSetCookie();
  }

  /** Calls back for each header, sorted and combined as `Headers` does. */
  override forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    this.#fill();
    super.forEach(callback, thisArg);
  }

  /** The headers as [name, value] pairs, sorted and combined as `Headers` does. */
  override entries(): HeadersIterator<[string, string]> {
    this.#fill();
    return super.entries();
  }

  /** The header names. */
  override keys(): HeadersIterator<string> {
    this.#fill();
    return super.keys();
  }

  /** The header values. */
  override values(): HeadersIterator<string> {
    this.#fill();
    return super.values();
  }

  /** Iterates the [name, value] pairs. */
  override [Symbol.iterator](): HeadersIterator<[string, string]> {
    this.#fill();
    return super[Symbol.iterator]();
  }
}
