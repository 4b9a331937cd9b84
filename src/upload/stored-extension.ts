/**
 * Per detected type, the extensions a stored file may keep; the first is given when the client's is not one of
 * them. Passive types never get an extension `staticFiles` serves as an active type (HTML, XML, JavaScript, CSS);
 * active types (stored only with `allowActiveContent`) keep their own, so `staticFiles({ untrusted: true })`
 * recognises and sandboxes them.
 */
const extensionsByType: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
  'image/heic': ['heic', 'heif'],
  'image/bmp': ['bmp'],
  'image/tiff': ['tif', 'tiff'],
  'image/x-icon': ['ico', 'cur'],
  'image/svg+xml': ['svg'],
  'text/html': ['html', 'htm'],
  'application/xhtml+xml': ['xhtml', 'xht'],
  'application/xml': ['xml'],
  'audio/wav': ['wav'],
  'audio/x-m4a': ['m4a'],
  'audio/mpeg': ['mp3'],
  'audio/ogg': ['ogg', 'oga', 'ogv', 'opus'],
  'audio/flac': ['flac'],
  'video/x-msvideo': ['avi'],
  'video/quicktime': ['mov', 'qt'],
  'video/mp4': ['mp4', 'm4v', 'm4a', '3gp', '3g2'],
  'video/webm': ['webm', 'mkv', 'mka'],
  'application/pdf': ['pdf'],
  'application/zip': ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'odg', 'epub', 'jar', 'apk'],
  'application/gzip': ['gz', 'tgz'],
  'application/x-bzip2': ['bz2', 'tbz2'],
  'application/x-7z-compressed': ['7z'],
  'application/x-rar-compressed': ['rar'],
  'application/x-sqlite3': ['sqlite', 'sqlite3', 'db'],
  'application/wasm': ['wasm'],
  'application/x-elf': ['elf', 'so'],
  'application/x-msdownload': ['exe', 'dll'],
  'application/x-mach-binary': ['macho', 'dylib'],
  'font/woff': ['woff'],
  'font/woff2': ['woff2'],
  'font/otf': ['otf'],
  'font/ttf': ['ttf'],
  'text/plain': ['txt', 'text', 'csv', 'tsv', 'md', 'markdown', 'log', 'json', 'ini', 'yaml', 'yml'],
  'application/octet-stream': ['bin'],
};

/** The extensions a file of a detected type may be stored with (`bin` for a type the table does not know). */
export function extensionsFor(type: string): readonly string[] {
  return extensionsByType[type] ?? ['bin'];
}

/**
 * A stored name whose extension names the detected type, so no server later serves it as something else: the
 * name's own extension when it is one of that type's (any case), else it is replaced by the type's first
 * (`poly.html` holding a PNG becomes `poly.png`, an HTML page sent as text `page.txt`, a name without one gets one).
 */
export function withTypeExtension(name: string, type: string): string {
  const allowed = extensionsFor(type);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return allowed.includes(extension) ? name : `${dot > 0 ? name.slice(0, dot) : name}.${allowed[0]}`;
}
