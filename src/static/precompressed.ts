import { preferredEncodings } from '../accepts/preferred';
import type { FileSource, FileStat, PrecompressedEncoding } from './types';

/** The file name suffix of each precompressed coding. */
const suffix: Record<PrecompressedEncoding, string> = { br: '.br', zstd: '.zst', gzip: '.gz' };

/** A precompressed file chosen for a request. */
export interface Variant {
  path: string;
  stat: FileStat;
  encoding: PrecompressedEncoding;
}

function insideRoot(real: string): boolean {
  return real !== '..' && !real.startsWith('../') && !real.startsWith('/');
}

/**
 * The precompressed file beside `path` the client prefers (Accept-Encoding ranked by `negotiator`, equal q-values
 * in the server's order), or null for the original: when the header is absent, prefers identity, or no such file exists
 * inside the root. A variant whose real path leaves the root is never served.
 */
export async function pickVariant(
  source: FileSource,
  path: string,
  acceptEncoding: string | null,
  available: PrecompressedEncoding[],
): Promise<Variant | null> {
  if (acceptEncoding === null || acceptEncoding.trim() === '') return null;
  for (const encoding of preferredEncodings(acceptEncoding, [...available, 'identity'], available)) {
    if (encoding === 'identity') return null;
    const real = await source.realpath(`${path}${suffix[encoding as PrecompressedEncoding]}`);
    if (real === null || !insideRoot(real)) continue;
    const stat = await source.stat(real);
    if (stat?.isFile) return { path: real, stat, encoding: encoding as PrecompressedEncoding };
  }
  return null;
}
