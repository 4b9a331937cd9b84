/** The relative links of a Markdown file, found by marked's lexer, so links in code spans and code blocks are not links. */
import { posix } from 'node:path';
import { marked, type Token } from 'marked';

/** Every link and image target of `markdown` that is neither an absolute URL (`https:`, `mailto:`) nor an in-page anchor. */
export function relativeLinks(markdown: string): string[] {
  const hrefs: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token: Token) => {
    if (token.type === 'link' || token.type === 'image') hrefs.push(token.href);
  });
  return hrefs.filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('#'));
}

/** The package path a link of the file at `from` points to: resolved against its folder, without anchor or query. */
export function linkTarget(from: string, href: string): string {
  const path = decodeURI(href.replace(/[#?].*$/, ''));
  return posix.normalize(posix.join(posix.dirname(from), path)).replace(/\/$/, '');
}
