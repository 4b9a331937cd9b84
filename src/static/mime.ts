import mime from 'mime/lite';

const textual = /^(text\/|application\/(javascript|json|xml|manifest\+json|ld\+json)|image\/svg\+xml)/;

/** The Content-Type for a file name (`application/octet-stream` when unknown), with `charset=utf-8` on text types. */
export function contentTypeFor(name: string): string {
  const type = mime.getType(name) ?? 'application/octet-stream';
  return textual.test(type) ? `${type}; charset=utf-8` : type;
}
