/** Magic-byte signatures of common file formats: an offset, the bytes there, and the media type they mean. */

interface Signature {
  type: string;
  at: number;
  bytes: number[];
  /** A second run of bytes that must also match (container formats such as RIFF and ISO-BMFF). */
  also?: { at: number; bytes: number[] };
}

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));
const sig = (type: string, at: number, bytes: number[] | string, also?: { at: number; bytes: number[] | string }): Signature => ({
  type,
  at,
  bytes: typeof bytes === 'string' ? ascii(bytes) : bytes,
  also: also && { at: also.at, bytes: typeof also.bytes === 'string' ? ascii(also.bytes) : also.bytes },
});

/** Checked in order; the first match wins (specific container checks come before their generic ones). */
export const signatures: Signature[] = [
  sig('image/png', 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  sig('image/jpeg', 0, [0xff, 0xd8, 0xff]),
  sig('image/gif', 0, 'GIF87a'),
  sig('image/gif', 0, 'GIF89a'),
  sig('image/webp', 0, 'RIFF', { at: 8, bytes: 'WEBP' }),
  sig('audio/wav', 0, 'RIFF', { at: 8, bytes: 'WAVE' }),
  sig('video/x-msvideo', 0, 'RIFF', { at: 8, bytes: 'AVI ' }),
  sig('image/avif', 4, 'ftypavif'),
  sig('image/avif', 4, 'ftypavis'),
  sig('image/heic', 4, 'ftypheic'),
  sig('image/heic', 4, 'ftypheix'),
  sig('video/quicktime', 4, 'ftypqt  '),
  sig('audio/x-m4a', 4, 'ftypM4A '),
  sig('video/mp4', 4, 'ftyp'),
  sig('image/bmp', 0, 'BM'),
  sig('image/tiff', 0, [0x49, 0x49, 0x2a, 0x00]),
  sig('image/tiff', 0, [0x4d, 0x4d, 0x00, 0x2a]),
  sig('image/x-icon', 0, [0x00, 0x00, 0x01, 0x00]),
  sig('application/pdf', 0, '%PDF-'),
  sig('application/zip', 0, [0x50, 0x4b, 0x03, 0x04]),
  sig('application/gzip', 0, [0x1f, 0x8b, 0x08]),
  sig('application/x-bzip2', 0, 'BZh'),
  sig('application/x-7z-compressed', 0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  sig('application/x-rar-compressed', 0, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]),
  sig('application/x-sqlite3', 0, 'SQLite format 3\0'),
  sig('application/wasm', 0, [0x00, 0x61, 0x73, 0x6d]),
  sig('application/x-elf', 0, [0x7f, 0x45, 0x4c, 0x46]),
  sig('application/x-msdownload', 0, 'MZ'),
  sig('application/x-mach-binary', 0, [0xcf, 0xfa, 0xed, 0xfe]),
  sig('application/x-mach-binary', 0, [0xce, 0xfa, 0xed, 0xfe]),
  sig('audio/mpeg', 0, 'ID3'),
  sig('audio/mpeg', 0, [0xff, 0xfb]),
  sig('audio/mpeg', 0, [0xff, 0xf3]),
  sig('audio/mpeg', 0, [0xff, 0xf2]),
  sig('audio/ogg', 0, 'OggS'),
  sig('audio/flac', 0, 'fLaC'),
  sig('video/webm', 0, [0x1a, 0x45, 0xdf, 0xa3]),
  sig('font/woff', 0, 'wOFF'),
  sig('font/woff2', 0, 'wOF2'),
  sig('font/otf', 0, 'OTTO'),
  sig('font/ttf', 0, [0x00, 0x01, 0x00, 0x00, 0x00]),
];

function matchesAt(data: Uint8Array, at: number, bytes: number[]): boolean {
  if (data.length < at + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (data[at + i] !== bytes[i]) return false;
  return true;
}

/** The media type whose signature starts the data, or null. */
export function matchSignature(data: Uint8Array): string | null {
  for (const s of signatures) if (matchesAt(data, s.at, s.bytes) && (!s.also || matchesAt(data, s.also.at, s.also.bytes))) return s.type;
  return null;
}
