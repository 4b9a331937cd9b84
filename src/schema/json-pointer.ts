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

/** Names a place in the data for a message from its keys: `body.items[0].name`, `headers["x-key"]`; `value` for the root of unnamed data. */
export function keysLabel(where: string | undefined, keys: string[]): string {
  let label = where ?? '';
  for (const key of keys) {
    if (/^\d+$/.test(key)) label += `[${key}]`;
    else if (identifier.test(key)) label += label === '' ? key : `.${key}`;
    else label += `[${JSON.stringify(key)}]`;
  }
  return label === '' ? 'value' : label;
}

/** Names a place in the data for a message from a JSON pointer (`/items/0/name`), as `keysLabel` does from its keys. */
export function dataLabel(where: string | undefined, path: string): string {
  return keysLabel(
    where,
    path === ''
      ? []
      : path
          .slice(1)
          .split('/')
          .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~')),
  );
}
