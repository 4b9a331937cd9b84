/** Cookies a test client keeps between requests, as a browser would (one host, no path or domain scoping). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Stores the `Set-Cookie` headers of a response; an expired or `Max-Age=0` cookie is removed. */
  store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const expired = attributes.some((a) => {
        const [key, value = ''] = a.split('=').map((s) => s.trim());
        const lower = key.toLowerCase();
        return (lower === 'max-age' && Number(value) <= 0) || (lower === 'expires' && Date.parse(value) <= Date.now());
      });
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
  }

  /** One cookie's raw value, or undefined. */
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Sets a cookie by hand (raw value, as it goes on the wire). */
  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** Forgets every cookie. */
  clear(): void {
    this.cookies.clear();
  }

  /** The `Cookie` header to send, or null when the jar is empty. */
  header(): string | null {
    if (this.cookies.size === 0) return null;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
