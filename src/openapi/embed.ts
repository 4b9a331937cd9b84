/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHTML(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe to place inside a `<script type="application/json">` element (no `</script>`, no line separators). */
export function scriptJSON(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
