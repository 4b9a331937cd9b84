/** Real file headers for content-type checks: a complete 1x1 PNG, a PNG/HTML polyglot, a GIF, a PDF and an ELF executable header. */

/** A valid 1x1 transparent PNG. */
export const png = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);

/** A PNG/HTML polyglot: PNG magic bytes (so it is detected as image/png), then a script a browser would run as HTML. */
export const polyglot = new Uint8Array([...png, ...new TextEncoder().encode('<html><script>alert(document.domain)</script></html>')]);

/** A GIF89a header followed by padding. */
export const gif = new Uint8Array([
  ...new TextEncoder().encode('GIF89a'),
  1,
  0,
  1,
  0,
  0,
  0,
  0,
  44,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  2,
  2,
  68,
  1,
  0,
  59,
]);

/** The start of a PDF. */
export const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** An ELF executable header (what a renamed binary looks like). */
export const elf = new Uint8Array([
  0x7f,
  0x45,
  0x4c,
  0x46,
  2,
  1,
  1,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  2,
  0,
  0x3e,
  0,
  1,
  0,
  0,
  0,
  ...new Array(40).fill(0),
]);

/** A form with files and fields, as a browser would send it. */
export function form(entries: [string, Uint8Array | string, string?, string?][]): FormData {
  const data = new FormData();
  for (const [field, value, filename, type] of entries) {
    if (typeof value === 'string' && filename === undefined) data.append(field, value);
    else data.append(field, new Blob([value as BlobPart], { type: type ?? '' }), filename ?? 'blob');
  }
  return data;
}
