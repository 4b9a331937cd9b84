/** Decides which responses travel base64-encoded: binary media types and anything with a content-encoding. */

/** Returns true when a response with this content type must be base64-encoded. */
export type BinaryTest = (contentType: string) => boolean;

const textual =
  /^(?:text\/|application\/(?:json|javascript|ecmascript|xml|x-www-form-urlencoded|yaml|x-yaml|graphql|x-ndjson|ld\+json)\b|[^;]*\+(?:json|xml)\b)/i;

/** The default rule: text, JSON, XML, JavaScript, YAML and forms are text; images, PDFs, octet streams, office documents and the rest are binary. */
export const isBinaryByDefault: BinaryTest = (contentType) => !textual.test(contentType.trim());

/** Builds the test for `binaryMediaTypes` (exact types, `type/*` and `*\/*`), matching on the media type without parameters. */
export function binaryTest(mediaTypes: string[] | undefined): BinaryTest {
  if (!mediaTypes) return isBinaryByDefault;
  const exact = new Set<string>();
  const prefixes: string[] = [];
  let all = false;
  for (const raw of mediaTypes) {
    const type = raw.trim().toLowerCase();
    if (type === '*/*') all = true;
    else if (type.endsWith('/*')) prefixes.push(type.slice(0, -1));
    else exact.add(type);
  }
  return (contentType) => {
    if (all) return true;
    const essence = contentType.split(';', 1)[0].trim().toLowerCase();
    return exact.has(essence) || prefixes.some((p) => essence.startsWith(p));
  };
}

/**
 * Whether a response must be base64-encoded, from its headers (lower-case names, as `Headers` gives them): a
 * non-identity `content-encoding`, or a binary content type; null when it has no content type (its bytes decide).
 */
export function needsBase64(headers: Record<string, string>, isBinary: BinaryTest): boolean | null {
  const encoding = headers['content-encoding'];
  if (encoding && encoding.trim().toLowerCase() !== 'identity') return true;
  const type = headers['content-type'];
  return type === undefined ? null : isBinary(type);
}
