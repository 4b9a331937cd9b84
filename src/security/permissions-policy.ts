/**
 * The Permissions-Policy header, a structured-field dictionary (RFC 8941): each feature maps to an inner list of
 * tokens (`self`, `src`, `*`) and strings (origins, quoted), so `camera=(self "https://a.example")`. An unquoted origin
 * is a parse error for browsers, which then drop the whole header.
 */

const featureName = /^[a-z][a-z0-9-]*$/;

/** One allow-list member as a structured-field item: a token, or an origin as a quoted string. */
function allowlistItem(feature: string, source: unknown): string {
  if (typeof source !== 'string')
    throw new TypeError(`securityHeaders: permissionsPolicy.${feature} must list strings, got ${String(source)}`);
  const bare = source.trim().replace(/^'(.*)'$/, '$1');
  if (bare === 'self' || bare === 'src' || bare === '*') return bare;
  const unquoted = bare.replace(/^"(.*)"$/, '$1').replace(/\/$/, '');
  if (URL.canParse(unquoted) && new URL(unquoted).origin === unquoted.toLowerCase()) return `"${unquoted.toLowerCase()}"`;
  throw new TypeError(
    `securityHeaders: permissionsPolicy.${feature}: ${JSON.stringify(source)} is not self, src, * or an origin such as https://a.example` +
      (bare === 'none' ? ' (an empty list [] allows no one)' : ''),
  );
}

/** Renders a feature-to-allow-list record as the header value; a bad feature name or source throws at startup. */
export function renderPermissionsPolicy(policy: Record<string, string[]>): string {
  return Object.entries(policy)
    .map(([feature, allow]) => {
      if (!featureName.test(feature))
        throw new TypeError(`securityHeaders: permissionsPolicy feature ${JSON.stringify(feature)} is not a feature name`);
      if (!Array.isArray(allow))
        throw new TypeError(`securityHeaders: permissionsPolicy.${feature} must be a list (use [] to allow no one)`);
      return `${feature}=(${allow.map((source) => allowlistItem(feature, source)).join(' ')})`;
    })
    .join(', ');
}
