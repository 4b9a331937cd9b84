import type { Context } from '../core/context';
import { HttpError } from '../core/errors';
import { getFormat, listFormats } from '../core/formats';

/** Methods whose body fw never reads (a body schema sees undefined there). */
const bodyless = new Set(['GET', 'HEAD']);

/** The error for a body no registered data format reads, with `Accept-Post`/`Accept-Patch` listing what would be read. */
function unsupportedMediaType(ctx: Context, contentType: string | null): HttpError {
  const method = ctx.method;
  const formats = listFormats(ctx.app);
  const sent = contentType?.split(';')[0].trim().toLowerCase();
  const header = method === 'POST' ? 'accept-post' : method === 'PATCH' ? 'accept-patch' : null;
  const error = new HttpError(
    415,
    `Unsupported Media Type: expected ${formats.map((f) => f.contentTypes[0]).join(' or ')}, got ${sent ? sent : 'no Content-Type'}`,
    {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      headers: header === null ? undefined : { [header]: formats.flatMap((f) => f.contentTypes).join(', ') },
    },
  );
  error.stack = undefined; // the request's mistake: fw's own frames would tell a developer nothing
  return error;
}

/**
 * Refuses, with a 415, a non-empty body that no registered data format reads (a form, text, XML, or no Content-Type
 * at all), before a route's body schema would judge it as if it were JSON. JSON, any `+json` type and registered
 * formats (YAML, ...) pass without the body being read.
 */
export async function assertBodyMediaType(ctx: Context): Promise<void> {
  const contentType = ctx.header('content-type');
  if (contentType !== null && getFormat(ctx.app, contentType) !== undefined) return;
  if (bodyless.has(ctx.method) || (await ctx.bodyText()) === '') return;
  throw unsupportedMediaType(ctx, contentType);
}
