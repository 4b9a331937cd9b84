/**
 * Active content: the media types a browser renders as a document or runs as script in the origin that serves them
 * (HTML, XML and everything built on it, SVG, XHTML, JavaScript). Files users uploaded must never be served with
 * one of them as the app's own pages are.
 */

const activeTypes =
  /^(?:text\/(?:html|xml|xsl|javascript|ecmascript)|application\/(?:xml|xhtml\+xml|xslt\+xml|[\w.-]+\+xml|(?:x-)?javascript|ecmascript)|image\/svg\+xml)$/;

/** Whether a Content-Type (parameters ignored, any case) is active content. */
export function isActiveType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const semicolon = contentType.indexOf(';');
  return activeTypes.test((semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase());
}

/**
 * The headers user-supplied active content is served with, as GitHub's raw host serves it: no script, no plugin,
 * an opaque origin (`sandbox`), a download instead of a page, and no type sniffing.
 */
export const sandboxHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'content-disposition': 'attachment',
  'x-content-type-options': 'nosniff',
});

/** Adds `sandboxHeaders` to mutable headers when the content type is active; other files are left as they are. */
export function sandboxActive(headers: Headers, contentType: string | null): void {
  if (!isActiveType(contentType)) return;
  for (const [name, value] of Object.entries(sandboxHeaders)) headers.set(name, value);
}
