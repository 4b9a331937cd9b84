import type { Context } from '../core/context';
import type { ObjectSerializer } from '../core/respond';
import type { JSONSchema, RouteOptions, SerializerFn } from '../core/types';
import { compileResponseSerializer, compileSerializer, type Serializer } from './serializer';
import { negotiateFormat, jsonFormat } from './formats';
import { setValidatorCache, validateAndCoerce, ValidationException, type ValidationError } from './validation';

/** A route's compiled schema work: a validator to run before the handler and a serializer for object results. */
export interface CompiledRouteSchema {
  validate: ((ctx: Context) => Promise<void>) | null;
  serialize: ObjectSerializer | null;
}

function prefixed(errors: ValidationError[], where: string): ValidationError[] {
  return errors.map((e) => ({ ...e, path: `/${where}${e.path}` }));
}

function headersObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => (out[k] = v));
  return out;
}

function queryInput(ctx: Context, schema: JSONSchema): Record<string, unknown> {
  const values: Record<string, unknown> = ctx.query;
  const props = schema.properties as Record<string, JSONSchema> | undefined;
  if (!props) return values;
  for (const key in props) {
    const type = props[key]?.type;
    if (type === 'array' || (Array.isArray(type) && type.includes('array'))) {
      const all = ctx.queries(key);
      if (all.length > 0) values[key] = all;
    }
  }
  return values;
}

function buildValidator(schema: NonNullable<RouteOptions['schema']>): ((ctx: Context) => Promise<void>) | null {
  const { params, query, headers, body } = schema;
  if (!params && !query && !headers && !body) return null;
  return async (ctx) => {
    const errors: ValidationError[] = [];
    if (params) {
      const r = validateAndCoerce<Record<string, string>>(params, ctx.params);
      if (r.valid) ctx.params = r.value;
      else errors.push(...prefixed(r.errors, 'params'));
    }
    if (query) {
      const r = validateAndCoerce<Record<string, string>>(query, queryInput(ctx, query));
      if (r.valid) ctx.query = r.value;
      else errors.push(...prefixed(r.errors, 'query'));
    }
    if (headers) {
      const r = validateAndCoerce(headers, headersObject(ctx.headers));
      if (!r.valid) errors.push(...prefixed(r.errors, 'headers'));
    }
    if (body) {
      const value = await ctx.body();
      if (value === undefined && !('default' in body)) {
        errors.push({ path: '/body', message: 'A request body is required', keyword: 'required' });
      } else {
        const r = validateAndCoerce(body, value);
        if (r.valid) ctx.setBody(r.value);
        else errors.push(...prefixed(r.errors, 'body'));
      }
    }
    if (errors.length > 0) throw new ValidationException(errors);
  };
}

function mediaSerializers(map: Record<string, JSONSchema | SerializerFn>): Map<string, Serializer> {
  const out = new Map<string, Serializer>();
  for (const type in map) {
    const entry = map[type];
    out.set(type.toLowerCase(), typeof entry === 'function' ? (entry as SerializerFn) : compileSerializer(entry));
  }
  return out;
}

function pickMedia(accept: string | null, serializers: Map<string, Serializer>): [string, Serializer] | null {
  if (!accept) return null;
  let best: [string, Serializer] | null = null;
  let bestQ = 0;
  for (const part of accept.split(',')) {
    const [rawType, ...params] = part.split(';');
    const type = rawType.trim().toLowerCase();
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number.parseFloat(qParam.split('=')[1]) || 0 : 1;
    const found = serializers.get(type);
    if (found && q > bestQ) {
      best = [type, found];
      bestQ = q;
    }
  }
  return best;
}

function respond(ctx: Context, text: string, contentType: string): Response {
  const headers = ctx.responseHeaders === null ? new Headers() : new Headers(ctx.responseHeaders);
  if (!headers.has('content-type')) headers.set('content-type', contentType);
  if (ctx.responseCookies !== null) for (const c of ctx.responseCookies) headers.append('set-cookie', c);
  return new Response(text, { status: ctx.statusCode, headers });
}

function buildSerializer(options: RouteOptions): ObjectSerializer | null {
  const response = options.schema?.response;
  const perMedia = options.serializers ? mediaSerializers(options.serializers) : null;
  if (!response && !perMedia) return null;
  const byStatus = response ? compileResponseSerializer(response) : null;
  return (ctx, value) => {
    if (perMedia !== null) {
      const picked = pickMedia(ctx.headers.get('accept'), perMedia);
      if (picked !== null) return respond(ctx, picked[1](value), picked[0]);
    }
    if (byStatus === null) return null;
    const format = negotiateFormat(ctx.headers.get('accept'), ctx.app.getFormat());
    if (format !== jsonFormat) return null;
    const serializer = byStatus(ctx.statusCode);
    return serializer === null ? null : respond(ctx, serializer(value), jsonFormat.contentType);
  };
}

/** Compiles a route's `schema` and `serializers` options once, when its pipeline is built. */
export function compileRouteSchema(options: RouteOptions, lruCache: boolean): CompiledRouteSchema {
  if (!lruCache) setValidatorCache(false);
  return {
    validate: options.schema ? buildValidator(options.schema) : null,
    serialize: buildSerializer(options),
  };
}
