/** The headers that describe one connection, not the message: a proxy never forwards them (RFC 9110 section 7.6.1). */
const hopByHop = ['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-connection'];

/** A header name as RFC 9110 writes it (a token). */
const token = /^[!#$%&'*+\-.0-9A-Z^_`a-z|~]+$/;

/**
 * Removes the hop-by-hop headers from a copy of `source`: the fixed list, every `Proxy-*` header, and the names the
 * Connection header lists (entries that are not header names are ignored). Returns the copy.
 */
export function withoutHopByHop(source: Headers): Headers {
  const headers = new Headers(source);
  const listed = headers.get('connection');
  if (listed !== null) {
    for (const name of listed.split(',')) {
      const trimmed = name.trim();
      if (token.test(trimmed)) headers.delete(trimmed);
    }
  }
  for (const name of hopByHop) headers.delete(name);
  const proxyHeaders: string[] = [];
  headers.forEach((_value, name) => {
    if (name.startsWith('proxy-')) proxyHeaders.push(name);
  });
  for (const name of proxyHeaders) headers.delete(name);
  return headers;
}

/** Whether a string is a valid header name. */
export function isHeaderName(name: string): boolean {
  return token.test(name);
}
