import type { Encoding } from './negotiate';

/** The CompressionStream format name of each HTTP coding (`brotli` where a runtime offers it). */
const FORMAT: Record<Encoding, string> = { br: 'brotli', gzip: 'gzip', deflate: 'deflate' };

/**
 * Whether the runtime compresses bodies itself from the Content-Encoding header (Cloudflare Workers: a response
 * with `Content-Encoding: gzip` or `br` is encoded on the way out, so compressing it here would encode it twice).
 */
export function runtimeEncodesBodies(): boolean {
  return typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers';
}

/** The codings a Workers runtime encodes itself. */
const RUNTIME_ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * The codings this runtime can produce: on Workers those it encodes itself (br, gzip), elsewhere those its
 * CompressionStream builds, probed on each call. Call it inside a request: workers refuse to build a
 * CompressionStream at global scope.
 */
export function availableEncodings(): Set<Encoding> {
  return runtimeEncodesBodies() ? new Set(RUNTIME_ENCODINGS) : supportedEncodings();
}

/**
 * The codings this runtime's CompressionStream can produce, probed on each call. Call it inside a request:
 * workers refuse to build a CompressionStream at global scope.
 */
export function supportedEncodings(): Set<Encoding> {
  const supported = new Set<Encoding>();
  if (typeof CompressionStream !== 'function') return supported;
  for (const coding of Object.keys(FORMAT) as Encoding[]) {
    try {
      new CompressionStream(FORMAT[coding] as CompressionFormat);
      supported.add(coding);
    } catch {
      // This runtime has no such format.
    }
  }
  return supported;
}

/** A stream compressing bytes with one coding. */
export function compressor(coding: Encoding): ReadableWritablePair<Uint8Array, Uint8Array> {
  return new CompressionStream(FORMAT[coding] as CompressionFormat) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
}

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|ecmascript|xml|x-javascript|x-www-form-urlencoded|graphql|wasm|manifest\+json|ld\+json|geo\+json|rss\+xml|atom\+xml|xhtml\+xml|yaml|x-yaml)$|image\/(svg\+xml|x-icon|bmp)$|font\/(ttf|otf)$|[a-z]+\/[a-z0-9.+-]+\+(json|xml)$)/;

/** Whether a media type is worth compressing (text-like); images, video, archives and fonts like woff2 are not. */
export function isCompressible(contentType: string | null): boolean {
  if (contentType === null) return false;
  return COMPRESSIBLE.test(contentType.split(';')[0].trim().toLowerCase());
}
