/** Where csrf() finds the token a request carries: a header (scripts), else a form field (HTML forms). */
import type { Context } from '../core/context';

const urlencoded = /^application\/x-www-form-urlencoded\b/i;
const multipart = /^multipart\/form-data\b/i;

/** The form field of a urlencoded or multipart body, read through the context so the handler can still read the body. */
async function formField(ctx: Context, field: string): Promise<string | null> {
  const type = ctx.header('content-type') ?? '';
  if (urlencoded.test(type)) return new URLSearchParams(await ctx.bodyText()).get(field);
  if (!multipart.test(type)) return null;
  try {
    const form = await new Response(await ctx.bodyBytes(), { headers: { 'content-type': type } }).formData();
    const value = form.get(field);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The token of a request: the first of the headers that is present, else the form field; null when none. */
export async function requestToken(ctx: Context, headers: string[], field: string): Promise<string | null> {
  for (const name of headers) {
    const value = ctx.header(name);
    if (value) return value;
  }
  return formField(ctx, field);
}
