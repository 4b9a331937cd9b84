import type { Context } from '../core/context';
import { assertBodyMediaType } from './media-type';
import type { ValidationError } from './validation-errors';
import { ValidationException, type ValidationResult } from './validation-exception';

/** One request part's check: the part's data in, the (possibly coerced) value or its errors out, now or later. */
export type PartCheck = (data: unknown) => ValidationResult<unknown> | Promise<ValidationResult<unknown>>;

/** A request part a route may declare a schema for, in the order they are checked. */
export type RequestPart = 'params' | 'query' | 'headers' | 'body';

/** The checks of a route's request parts, as a schema compiler made them. */
export interface RequestChecks {
  /** The declared parts with their checks, in the order params, query, headers, body. */
  checks: [RequestPart, PartCheck][];
  /** The query as the query check sees it (default: one string per key, an array for a repeated key). */
  readQuery?: (ctx: Context) => Record<string, unknown>;
  /** A refused missing body is reported as "body is required" rather than the check's own words (a Standard Schema). */
  bodyMissingWords?: boolean;
}

/** The query as a Standard Schema sees it: one string per key, an array of strings for a key given more than once. */
export function standardQueryInput(ctx: Context): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const all = ctx.parsedQuery().all;
  for (const key in all) values[key] = all[key].length > 1 ? [...all[key]] : all[key][0];
  return values;
}

/** The error of a route with a required body given none. */
export const missingBody = (): ValidationError => ({
  path: '/body',
  message: 'body is required (the request has none)',
  keyword: 'required',
});

/**
 * The validator a route runs before its handler: the body's media type first (415 for a body no format reads), then
 * each declared part, their errors gathered so one 400 (`ValidationException`) lists them all; valid params, query
 * and body are replaced by the checks' output (coerced, defaults filled). Null when the route declares no request part.
 */
export function requestValidator({
  checks,
  readQuery = standardQueryInput,
  bodyMissingWords,
}: RequestChecks): ((ctx: Context) => Promise<void>) | null {
  if (checks.length === 0) return null;
  const hasBody = checks.some(([part]) => part === 'body');
  return async (ctx) => {
    if (hasBody) await assertBodyMediaType(ctx);
    const errors: ValidationError[] = [];
    for (const [part, check] of checks) {
      const data =
        part === 'params'
          ? ctx.params
          : part === 'query'
            ? readQuery(ctx)
            : part === 'headers'
              ? Object.fromEntries(ctx.headers)
              : await ctx.body();
      const missing = part === 'body' && data === undefined;
      let r = check(data);
      if (r instanceof Promise) r = await r;
      if (!r.valid) errors.push(...(missing && bodyMissingWords ? [missingBody()] : r.errors));
      else if (part === 'params') ctx.params = r.value as Record<string, string>;
      else if (part === 'query') ctx.query = r.value as Record<string, string>;
      else if (part === 'body') ctx.setBody(r.value);
    }
    if (errors.length > 0) throw new ValidationException(errors);
  };
}
