import type { Context } from '../core/context';
import type { ObjectSerializer } from '../core/respond';
import type { CompiledRouteSchema } from '../core/schema-compiler';
import type { JSONSchema, RouteOptions, RouteSchema } from '../core/types';
import type { ResponseSerializeOptions } from './response-serializer';
import { assertRouteSchemas, type RouteSchemaChecks } from './route-schema-check';
import { isStandardSchema, type StandardSchemaV1 } from './standard-schema';
import { createStandardValidator } from './standard-validation';
import { missingBody, requestValidator, standardQueryInput, type PartCheck, type RequestPart } from './request-validator';
import { coercingValidator } from './coercing-check';
import type { QuickCompiler } from './validator-cache';

/** One part of a route's `schema`: a JSON schema or a Standard Schema v1 value (zod, valibot, arktype). */
type RouteSchemaPart = JSONSchema | StandardSchemaV1;

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

/** The query reader of a route: repeated keys as arrays where the JSON schema declares an array, or wherever repeated for a Standard Schema. */
function queryReader(query: RouteSchemaPart | undefined): (ctx: Context) => Record<string, unknown> {
  if (query === undefined || isStandardSchema(query)) return standardQueryInput;
  const arrays = arrayKeys(query);
  return (ctx) => queryInput(ctx, arrays);
}

const requestParts: RequestPart[] = ['params', 'query', 'headers', 'body'];

/** A JSON body check for a schema without a `default`: a missing body is refused before the schema sees it. */
function requiredBody(check: PartCheck): PartCheck {
  return (data) => (data === undefined ? { valid: false, value: data, errors: [missingBody()] } : check(data));
}

/** Each declared part's validator: through `~standard.validate` for a Standard Schema, coercing JSON Schema validation otherwise. */
function buildValidator(schema: RouteSchema, cached: boolean, quick: QuickCompiler | null): ((ctx: Context) => Promise<void>) | null {
  const checks: [RequestPart, PartCheck][] = [];
  for (const part of requestParts) {
    const value: RouteSchemaPart | undefined = schema[part];
    if (value === undefined) continue;
    const standard = isStandardSchema(value);
    const check = standard ? createStandardValidator(value, part) : coercingValidator(value, cached, part, quick);
    checks.push([part, part === 'body' && !standard && !('default' in value) ? requiredBody(check) : check]);
  }
  return requestValidator({ checks, readQuery: queryReader(schema.query), bodyMissingWords: isStandardSchema(schema.body) });
}

/** Compiles `schema.response` and `serializers` into a route's object serializer (`compileObjectSerializer`). */
export type SerializerCompiler = (options: ResponseSerializeOptions) => ObjectSerializer | null;

/** The parts a JSON Schema compiler was made with (null: left out), and its record of checked routes. */
export interface RouteSchemaParts {
  checks: RouteSchemaChecks;
  serializer: SerializerCompiler | null;
  quick: QuickCompiler | null;
}

/**
 * Compiles a route's `schema` and `serializers` options once, when its pipeline is built: every schema checked first
 * (a mistake throws, naming `route`, e.g. `POST /todos`), then validators for params, query, headers and body (coercing
 * JSON Schema ones, kept out of the shared LRU when `lruCache` is false, or a Standard Schema's own `~standard.validate`)
 * (with the quick check when the compiler has it) and, with a serializer, the object serializer for `schema.response` /
 * `serializers`.
 */
export function compileRouteSchema(options: RouteOptions, lruCache: boolean, route: string, parts: RouteSchemaParts): CompiledRouteSchema {
  const { checks, serializer, quick } = parts;
  if (options.schema !== undefined || options.serializers !== undefined) assertRouteSchemas(route, options, checks);
  return {
    validate: options.schema ? buildValidator(options.schema, lruCache, quick) : null,
    serialize: serializer === null ? null : serializer({ response: options.schema?.response, serializers: options.serializers }),
  };
}
