/**
 * Names a route's MCP tool: `<method>_<segments>` in lower case, non-alphanumerics as `_`, a `:param`
 * segment as `by_<param>`, `*` as `wildcard`, the root path as `root` (`GET /users/:id` -> `get_users_by_id`).
 */
export function routeToolName(method: string, path: string): string {
  const segments = path.split('/').filter((s) => s !== '');
  const parts = segments.map((segment) => {
    if (segment === '*') return 'wildcard';
    if (segment.startsWith(':')) return `by_${clean(segment.slice(1))}`;
    return clean(segment);
  });
  const tail = parts.length === 0 ? 'root' : parts.join('_');
  return `${clean(method)}_${tail}`.replace(/_+/g, '_').replace(/_$/, '');
}

function clean(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Gives every name in order a unique form: the second `get_users` becomes `get_users_2`, the third `get_users_3`. */
export function dedupeNames(names: string[], taken: Iterable<string> = []): string[] {
  const used = new Set(taken);
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = `${name}_${n}`;
    used.add(candidate);
    return candidate;
  });
}
