/** The segments of a validator pointer (`#/a/b%20c`, URI-encoded and `~`-escaped). */
export function pointerSegments(pointer: string): string[] {
  const body = pointer.replace(/^#/, '');
  if (body === '') return [];
  return body
    .slice(1)
    .split('/')
    .map((segment) => {
      let text = segment;
      try {
        text = decodeURIComponent(segment);
      } catch {
        // A segment the validator did not URI-encode is taken as written.
      }
      return text.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

/** A plain JSON pointer (RFC 6901) from segments. */
export function toPointer(segments: string[]): string {
  return segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/** Names a place in the data for a message: `body.items[0].name`, `headers["x-key"]`; `value` for the root of unnamed data. */
export function dataLabel(where: string | undefined, path: string): string {
  let label = where ?? '';
  for (const raw of path === '' ? [] : path.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(segment)) label += `[${segment}]`;
    else if (identifier.test(segment)) label += label === '' ? segment : `.${segment}`;
    else label += `[${JSON.stringify(segment)}]`;
  }
  return label === '' ? 'value' : label;
}
