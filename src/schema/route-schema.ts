import type { Context } from '../core/context';
import type { CompiledRouteSchema } from '../core/schema-compiler';
import type { JSONSchema, RouteOptions, RouteSchema } from '../core/types';
import { assertBodyMediaType } from './media-type';
import { compileObjectSerializer } from './response-serializer';
import { assertRouteSchemas } from './route-schema-check';
import { isStandardSchema, type StandardSchemaV1 } from './standard-schema';
import { createStandardValidator } from './standard-validation';
import { createCoercingValidator, ValidationException, type ValidationError, type ValidationResult } from './validation';

/** One part of a route's `schema`: a JSON schema or a Standard Schema v1 value (zod, valibot, arktype). */
type RouteSchemaPart = JSONSchema | StandardSchemaV1;

type Check = (data: unknown) => ValidationResult<unknown> | Promise<ValidationResult<unknown>>;

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
    const all = ctx.parsedQuery().all[key];
    if (all !== undefined) values[key] = [...all];
  }
  return values;
}

/** The query as a Standard Schema sees it: one string per key, an array of strings for a key given more than once. */
function standardQueryInput(ctx: Context): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const all = ctx.parsedQuery().all;
  for (const key in all) values[key] = all[key].length > 1 ? [...all[key]] : all[key][0];
  return values;
}

/** A part's validator: through `~standard.validate` for a Standard Schema, coercing JSON Schema validation otherwise. */
function partCheck(schema: RouteSchemaPart, cached: boolean, where: string): Check {
  return isStandardSchema(schema) ? createStandardValidator(schema, where) : createCoercingValidator(schema, cached, where);
}

/** The query reader of a route: repeated keys as arrays where the JSON schema declares an array, or wherever repeated for a Standard Schema. */
function queryReader(query: RouteSchemaPart): (ctx: Context) => Record<string, unknown> {
  if (isStandardSchema(query)) return standardQueryInput;
  const arrays = arrayKeys(query);
  return (ctx) => queryInput(ctx, arrays);
}

/** The error of a route with a body schema (one without a default, or a Standard Schema refusing `undefined`) given no body. */
function missingBody(): ValidationError {
  return { path: '/body', message: 'body is required (the request has none)', keyword: 'required' };
}

function buildValidator(schema: RouteSchema, cached: boolean): ((ctx: Context) => Promise<void>) | null {
  const { params, query, headers, body } = schema;
  if (!params && !query && !headers && !body) return null;
  const checkParams: Check | null = params ? partCheck(params, cached, 'params') : null;
  const checkQuery: Check | null = query ? partCheck(query, cached, 'query') : null;
  const readQuery = query ? queryReader(query) : null;
  const checkHeaders: Check | null = headers ? partCheck(headers, cached, 'headers') : null;
  const checkBody: Check | null = body ? partCheck(body, cached, 'body') : null;
  const standardBody = isStandardSchema(body);
  const bodyRequired = body !== undefined && !standardBody && !('default' in body);
  return async (ctx) => {
    if (checkBody !== null) await assertBodyMediaType(ctx);
    const errors: ValidationError[] = [];
    if (checkParams !== null) {
      let r = checkParams(ctx.params);
      if (r instanceof Promise) r = await r;
      if (r.valid) ctx.params = r.value as Record<string, string>;
      else errors.push(...r.errors);
    }
    if (checkQuery !== null && readQuery !== null) {
      let r = checkQuery(readQuery(ctx));
      if (r instanceof Promise) r = await r;
      if (r.valid) ctx.query = r.value as Record<string, string>;
      else errors.push(...r.errors);
    }
    if (checkHeaders !== null) {
      let r = checkHeaders(headersObject(ctx.headers));
      if (r instanceof Promise) r = await r;
      if (!r.valid) errors.push(...r.errors);
    }
    if (checkBody !== null) {
      const value = await ctx.body();
      if (value === undefined && bodyRequired) errors.push(missingBody());
      else {
        let r = checkBody(value);
        if (r instanceof Promise) r = await r;
        if (r.valid) ctx.setBody(r.value);
        else errors.push(...(value === undefined && standardBody ? [missingBody()] : r.errors));
      }
    }
    if (errors.length > 0) throw new ValidationException(errors);
  };
}

/**
 * Compiles a route's `schema` and `serializers` options once, when its pipeline is built: every schema checked first
 * (a mistake throws, naming `route`, e.g. `POST /todos`), then validators for params, query, headers and body (coercing
 * JSON Schema ones, kept out of the shared LRU when `lruCache` is false, or a Standard Schema's own `~standard.validate`)
 * and the object serializer for `schema.response` / `serializers`.
 */
export function compileRouteSchema(options: RouteOptions, lruCache: boolean, route: string): CompiledRouteSchema {
  if (options.schema !== undefined || options.serializers !== undefined) assertRouteSchemas(route, options);
  return {
    validate: options.schema ? buildValidator(options.schema, lruCache) : null,
    serialize: compileObjectSerializer({ response: options.schema?.response, serializers: options.serializers }),
  };
}
