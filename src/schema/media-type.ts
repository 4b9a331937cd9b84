import type { Context } from '../core/context';
import { HttpError } from '../core/errors';
import { getFormat, listFormats } from '../core/formats';

/**
 * Refuses, with a 415, a non-empty body that no registered data format reads (a form, text, XML, or no Content-Type
 * at all), before a route's body schema would judge it as if it were JSON. JSON, any `+json` type and registered
 * formats (YAML, ...) pass without the body being read; GET and HEAD bodies are never read. The answer lists what
 * would be read, in its message and in `Accept-Post` / `Accept-Patch` for those methods.
 */
export async function assertBodyMediaType(ctx: Context): Promise<void> {
  const sent = ctx.header('content-type');
  const { method, app } = ctx;
  if ((sent !== null && getFormat(app, sent)) || method === 'GET' || method === 'HEAD' || (await ctx.bodyText()) === '') return;
  const formats = listFormats(app);
  const error = new HttpError(
    415,
    `Unsupported Media Type: expected ${formats.map((f) => f.contentTypes[0]).join(' or ')}, got ${sent?.split(';')[0].trim().toLowerCase() || 'no Content-Type'}`,
    {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      headers:
        method === 'POST' || method === 'PATCH'
          ? { [`accept-${method.toLowerCase()}`]: formats.flatMap((f) => f.contentTypes).join(', ') }
          : undefined,
    },
  );
  error.stack = undefined; // the request's mistake: fw's own frames would tell a developer nothing
  throw error;
}
