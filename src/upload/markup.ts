/**
 * Markup sniffing for uploads: the active type a browser would give a text document from its first markup (SVG,
 * XHTML, other XML, HTML), so such files are refused or stored as what they are, never as harmless text.
 */

/** The tags WHATWG MIME Sniffing (§7.1) reads as HTML at the start of a resource. */
const htmlTags = new Set(['html', 'head', 'script', 'iframe', 'h1', 'div', 'font', 'table', 'a', 'style', 'title', 'b', 'body', 'br', 'p']);
const element = /^<(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)(?=[\s/>]|$)/;

/** What leads the document before its first element: an XML declaration, a doctype name, and whether the text ran out. */
interface Prolog {
  xml: boolean;
  doctype: string | null;
  rest: string;
  truncated: boolean;
}

/** Where a `<!DOCTYPE ...>` ends, past an internal subset (`[ <!ENTITY ...> ]`) whose `>` do not close it. */
function doctypeEnd(text: string): number {
  const close = text.indexOf('>');
  const open = text.indexOf('[');
  if (open === -1 || open > close) return close;
  const subset = text.indexOf(']', open);
  return subset === -1 ? -1 : text.indexOf('>', subset);
}

/** Skips the XML declaration, processing instructions, comments and the doctype before the first element. */
function readProlog(text: string): Prolog {
  const prolog: Prolog = { xml: false, doctype: null, rest: text.replace(/^[\s\uFEFF]+/, ''), truncated: false };
  for (;;) {
    const rest = prolog.rest;
    let end: number;
    if (rest.startsWith('<?')) {
      if (/^<\?xml[\s?]/i.test(rest)) prolog.xml = true;
      end = rest.indexOf('?>');
      if (end !== -1) end += 2;
    } else if (rest.startsWith('<!--')) {
      end = rest.indexOf('-->', 4);
      if (end !== -1) end += 3;
    } else if (/^<!doctype[\s>]/i.test(rest)) {
      prolog.doctype = /^<!doctype\s+([^\s>[]+)/i.exec(rest)?.[1].toLowerCase() ?? '';
      end = doctypeEnd(rest);
      if (end !== -1) end += 1;
    } else return prolog;
    if (end === -1) return { ...prolog, rest: '', truncated: true };
    prolog.rest = rest.slice(end).replace(/^\s+/, '');
  }
}

/**
 * The active media type of text that starts with markup: `image/svg+xml` for an `<svg>` root (any prefix),
 * `application/xhtml+xml` or `application/xml` for XML (a declaration or a non-HTML doctype), `text/html` for an HTML
 * doctype or a WHATWG HTML tag; null for anything else (plain text, Markdown, CSV, JSON). A prolog that does not end
 * within the text is taken as markup too (comments are an HTML signature), never as text.
 */
export function markupType(text: string): string | null {
  const prolog = readProlog(text);
  const xml = prolog.xml || (prolog.doctype !== null && prolog.doctype !== 'html');
  const found = element.exec(prolog.rest);
  const prefix = found?.[1];
  const name = found?.[2].toLowerCase();
  if (name === 'svg' || prolog.doctype === 'svg') return 'image/svg+xml';
  if (xml) return name === 'html' ? 'application/xhtml+xml' : 'application/xml';
  if (prolog.doctype === 'html' || (prefix === undefined && name !== undefined && htmlTags.has(name))) return 'text/html';
  return prolog.truncated ? 'text/html' : null;
}
