/** Builds a request URL from a route's path pattern, its params and a query object. */

const token = /:([A-Za-z0-9_]+)(\{[^}]*\}|\([^)]*\))?(\?)?|\*$/g;

/**
 * Fills a path pattern (`/users/:id`, `:id?`, `:id{[0-9]+}`, `/:file.:ext`, a trailing `*`) with encoded params;
 * throws, naming the param, when a required one is missing or is `.`/`..` (the server resolves those, even escaped,
 * so a value taken from user input could reach another route).
 */
export function fillPath(pattern: string, params: Record<string, unknown> = {}): string {
  const filled = pattern.replace(
    token,
    (whole, name: string | undefined, _constraint: string | undefined, optional: string | undefined) => {
      const key = name ?? '*';
      const value = params[key];
      if (value === undefined || value === null || value === '') {
        if (optional || whole === '*') return '';
        throw new TypeError(`The path ${pattern} needs the param "${key}"`);
      }
      const segments = key === '*' ? String(value).split('/') : [String(value)];
      if (segments.some((segment) => segment === '.' || segment === '..'))
        throw new TypeError(`The param "${key}" of ${pattern} is a dot segment, which the server would resolve to another path`);
      return segments.map(encodeURIComponent).join('/');
    },
  );
  return filled.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

/** A query string from an object: arrays repeat their key, undefined and null are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
