/** A doc comment split into its summary (first paragraph) and description (the rest). */
export interface DocCommentParts {
  summary: string;
  description?: string;
}

const routeCall =
  /\/\*\*((?:[^*]|\*(?!\/))*)\*\/\s*(?:[\w$.]+\s*)?\.\s*(get|post|put|patch|delete|head|options|all)\s*\(\s*(['"`])([^'"`]+)\3/g;

/** Strips the comment markers (`*` at line starts) from a doc comment's body. */
function cleanComment(body: string): string {
  return body
    .split('\n')
    .map((line) => line.replace(/^\s*\*?\s?/, '').trimEnd())
    .join('\n')
    .trim();
}

/**
 * Finds the `/** ... *\/` comment written right before each `app.get('/path', ...)`-style call in source text, keyed
 * `"GET /path"` (what `OpenAPIOptions.docComments` takes). Paths are as written: routes inside a group keep the
 * group-relative path, so pass the full path there or set `summary`/`description` on the route.
 */
export function extractDocComments(source: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of source.matchAll(routeCall)) {
    const text = cleanComment(match[1])
      .split('\n')
      .filter((line) => !line.startsWith('@'))
      .join('\n')
      .trim();
    if (text) found[`${match[2].toUpperCase()} ${match[4]}`] = text;
  }
  return found;
}

/** Splits a doc comment at its first blank line: summary first, description after. */
export function splitDocComment(text: string): DocCommentParts {
  const [summary, ...rest] = text.trim().split(/\n\s*\n/);
  const description = rest.join('\n\n').trim();
  return description ? { summary: summary.replace(/\s*\n\s*/g, ' '), description } : { summary: summary.replace(/\s*\n\s*/g, ' ') };
}
