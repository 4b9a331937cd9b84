import Negotiator from 'negotiator';

/** Negotiator reads the four Accept-* headers from a plain `headers` object; absent headers stay absent. */
function negotiator(name: string, header: string | null): Negotiator {
  return new Negotiator({ headers: header === null ? {} : { [name]: header } });
}

/**
 * The media types of `available` the Accept value allows, best first (q-value, then specificity, then the order of
 * `available`); without `available`, the types the client named, best first. Malformed parts are skipped.
 */
export function preferredMediaTypes(header: string | null, available?: string[]): string[] {
  return negotiator('accept', header).mediaTypes(available);
}

/** The charsets of `available` the Accept-Charset value allows, best first (all of them when the header is absent). */
export function preferredCharsets(header: string | null, available?: string[]): string[] {
  return negotiator('accept-charset', header).charsets(available);
}

/**
 * The content codings of `available` the Accept-Encoding value allows, best first; `identity` is acceptable unless
 * refused (`identity;q=0` or `*;q=0`), as RFC 9110 §12.5.3 says. Equal q-values follow the client's order, or the
 * order of `preferred` when given (a server that knows br beats gzip).
 */
export function preferredEncodings(header: string | null, available?: string[], preferred?: string[]): string[] {
  // negotiator 1.x takes `{ preferred }`; @types/negotiator still describes 0.6, which had no second argument.
  const ranker = negotiator('accept-encoding', header) as unknown as {
    encodings(available?: string[], options?: { preferred?: string[] }): string[];
  };
  return ranker.encodings(available, preferred === undefined ? undefined : { preferred });
}

/**
 * The language tags of `available` the Accept-Language value allows, best first: `en` in the header matches
 * `en-GB` offered and `en-GB` matches `en`, an exact match ranking above both.
 */
export function preferredLanguages(header: string | null, available?: string[]): string[] {
  return negotiator('accept-language', header).languages(available);
}
