import type { Context } from '../core/context';
import type { CompiledRouteSchema } from '../core/schema-compiler';
import type { JSONSchema, RouteOptions, RouteSchema } from '../core/types';
import { assertBodyMediaType } from './media-type';
import { compileObjectSerializer } from './response-serializer';
import { assertRouteSchemas } from './route-schema-check';
import { createCoercingValidator, ValidationException, type ValidationError, type ValidationResult } from './validation';

type Check = (data: unknown) => ValidationResult<unknown>;

function headersObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => (out[k] = v));
  return out;
}

function arrayKeys(schema: JSONSchema): string[] {
  const props = schema.properties as Record<string, JSONSchema> | undefined;
  if (!props || typeof props !== 'object') return [];
  return Object.keys(props).filter((key) => {
    const type = props[key]?.type;
    return type === 'array' || (Array.isArray(type) && type.includes('array'));
  });
}

/** The query as the validator sees it: last value per key, but every value of a repeated key the schema declares an array. */
function queryInput(ctx: Context, arrays: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = ctx.query;
  for (const key of arrays) {
    const all = ctx.queries(key);
    if (all.length > 0) values[key] = all;
  }
  return values;
}

function buildValidator(schema: RouteSchema, cached: boolean): ((ctx: Context) => Promise<void>) | null {
  const { params, query, headers, body } = schema;
  if (!params && !query && !headers && !body) return null;
  const checkParams: Check | null = params ? createCoercingValidator(params, cached, 'params') : null;
  const checkQuery: Check | null = query ? createCoercingValidator(query, cached, 'query') : null;
  const queryArrays = query ? arrayKeys(query) : [];
  const checkHeaders: Check | null = headers ? createCoercingValidator(headers, cached, 'headers') : null;
  const checkBody: Check | null = body ? createCoercingValidator(body, cached, 'body') : null;
  const bodyHasDefault = body !== undefined && 'default' in body;
  return async (ctx) => {
    if (checkBody !== null) await assertBodyMediaType(ctx);
    const errors: ValidationError[] = [];
    if (checkParams !== null) {
      const r = checkParams(ctx.params);
      if (r.valid) ctx.params = r.value as Record<string, string>;
      else errors.push(...r.errors);
    }
    if (checkQuery !== null) {
      const r = checkQuery(queryInput(ctx, queryArrays));
      if (r.valid) ctx.query = r.value as Record<string, string>;
      else errors.push(...r.errors);
    }
    if (checkHeaders !== null) {
      const r = checkHeaders(headersObject(ctx.headers));
      if (!r.valid) errors.push(...r.errors);
    }
    if (checkBody !== null) {
      const value = await ctx.body();
      if (value === undefined && !bodyHasDefault) {
        errors.push({ path: '/body', message: 'body is required (the request has none)', keyword: 'required' });
      } else {
        const r = checkBody(value);
        if (r.valid) ctx.setBody(r.value);
        else errors.push(...r.errors);
      }
    }
    if (errors.length > 0) throw new ValidationException(errors);
  };
}

/**
 * Compiles a route's `schema` and `serializers` options once, when its pipeline is built: every schema checked first
 * (a mistake throws, naming `route`, e.g. `POST /todos`), then coercing validators for params, query, headers and body
 * (kept out of the shared LRU when `lruCache` is false) and the object serializer for `schema.response` / `serializers`.
 */
export function compileRouteSchema(options: RouteOptions, lruCache: boolean, route: string): CompiledRouteSchema {
  if (options.schema !== undefined || options.serializers !== undefined) assertRouteSchemas(route, options);
  return {
    validate: options.schema ? buildValidator(options.schema, lruCache) : null,
    serialize: compileObjectSerializer({ response: options.schema?.response, serializers: options.serializers }),
  };
}
