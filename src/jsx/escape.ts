/** HTML escaping for text and attribute values, and the checks that keep tag and attribute names from breaking out. */

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const needsEscape = /[&<>"']/;
const special = /[&<>"']/g;

/** Escapes text or an attribute value for HTML (`& < > " '`). */
export function escapeHTML(value: string): string {
  return needsEscape.test(value) ? value.replace(special, (c) => entities[c]) : value;
}

const validName = /^[A-Za-z][A-Za-z0-9_.:-]*$/;

/** Throws for a tag or attribute name that could break the markup (spaces, quotes, `>`, `/`, `=`). */
export function assertName(kind: 'tag' | 'attribute', name: string): void {
  if (!validName.test(name)) throw new TypeError(`JSX: invalid ${kind} name ${JSON.stringify(name)}`);
}
