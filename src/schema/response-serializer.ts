import { makeResponse } from '../core/response-factory';
import type { Context } from '../core/context';
import { isBinary, type ObjectSerializer } from '../core/respond';
import type { Handler, JSONSchema, SerializerFn } from '../core/types';
import { parseAccept, rangeCovers } from '../core/accept';
import { jsonFormat } from '../core/formats';
import { compileSerializer, type Serializer } from './serializer';
import { isStandardSchema } from './standard-schema';
import { isStatusMap } from './status-map';

/** Route serialization options: a response schema (or a status-keyed map) and per-media-type serializers. */
export interface ResponseSerializeOptions {
  response?: JSONSchema | Record<string, JSONSchema>;
  serializers?: Record<string, JSONSchema | SerializerFn>;
}

/** A response schema's serializer; null for a Standard Schema, which cannot serialize (the format's own, JSON.stringify, writes). */
function entrySerializer(schema: JSONSchema): Serializer | null {
  return isStandardSchema(schema) ? null : compileSerializer(schema);
}

/**
 * Compiles a response schema into a lookup by status. A map keyed by exact status (`200`), class (`2xx`)
 * or `default` matches the exact code first, then the class, then `default` (null when nothing matches);
 * any other object is one schema for every status. A Standard Schema (zod, valibot) gives null too: its body is
 * written as a route without a response schema writes it.
 */
export function compileResponseSerializer(response: JSONSchema | Record<string, JSONSchema>): (status: number) => Serializer | null {
  if (response === null || (typeof response !== 'object' && !isStandardSchema(response)))
    throw new TypeError('schema.response must be a JSON schema, a Standard Schema or a map of status to schema');
  if (isStandardSchema(response) || !isStatusMap(response)) {
    const single = entrySerializer(response);
    return () => single;
  }
  const byKey = new Map<string, Serializer | null>();
  for (const key of Object.keys(response)) byKey.set(key.toLowerCase(), entrySerializer((response as Record<string, JSONSchema>)[key]));
  return (status) => {
    let found = byKey.get(String(status)); // undefined: no entry; null: a Standard Schema entry (it still wins)
    if (found === undefined) found = byKey.get(`${Math.floor(status / 100)}xx`);
    if (found === undefined) found = byKey.get('default');
    return found ?? null;
  };
}

interface MediaSerializer {
  type: string;
  serialize: Serializer;
}

function compileMediaSerializers(map: Record<string, JSONSchema | SerializerFn>): MediaSerializer[] {
  return Object.keys(map).map((type) => {
    const entry = map[type];
    if (typeof entry !== 'function' && (entry === null || typeof entry !== 'object')) {
      throw new TypeError(`serializers["${type}"] must be a JSON schema or a function`);
    }
    const serialize: Serializer = typeof entry === 'function' ? (entry as SerializerFn) : compileSerializer(entry);
    return { type: type.toLowerCase(), serialize };
  });
}

function pickMedia(accept: string | null, serializers: MediaSerializer[]): MediaSerializer | null {
  if (accept === null) return null;
  for (const { type } of parseAccept(accept)) {
    if (type === '*/*') return null;
    const found = serializers.find((s) => rangeCovers(type, s.type.split(';')[0]));
    if (found !== undefined) return found;
  }
  return null;
}

function respond(ctx: Context, text: string, contentType: string): Response {
  if (ctx.responseHeaders === null && ctx.responseCookies === null) return makeResponse(ctx, text, ctx.statusCode, contentType);
  const headers = ctx.responseHeaders === null ? new Headers() : new Headers(ctx.responseHeaders);
  if (!headers.has('content-type')) headers.set('content-type', contentType);
  if (ctx.responseCookies !== null) for (const cookie of ctx.responseCookies) headers.append('set-cookie', cookie);
  return makeResponse(ctx, text, ctx.statusCode, headers);
}

/** A serialized body and its media type. */
interface Body {
  text: string;
  type: string;
}

type BodyWriter = (ctx: Context, value: unknown) => Body | null;

function compileBodyWriter(options: ResponseSerializeOptions): BodyWriter | null {
  const perMedia = options.serializers ? compileMediaSerializers(options.serializers) : null;
  const byStatus = options.response ? compileResponseSerializer(options.response) : null;
  if (perMedia === null && byStatus === null) return null;
  return (ctx, value) => {
    if (perMedia !== null) {
      const picked = pickMedia(ctx.request.headers.get('accept'), perMedia);
      if (picked !== null) return { text: picked.serialize(value), type: picked.type };
    }
    const serializer = byStatus === null ? null : byStatus(ctx.statusCode);
    if (serializer === null) return null;
    const format = ctx.responseFormat();
    const text = serializer(value);
    return { text: format === jsonFormat ? text : format.serialize(JSON.parse(text)), type: format.contentType };
  };
}

/**
 * Builds the object-body serializer of a route: a `serializers` entry named by Accept wins; otherwise
 * the response schema for the current status writes the body, in JSON directly, or for another negotiated
 * format (YAML) as the schema-filtered value. Returns null when the route declares neither, and the
 * serializer itself returns null (letting the core use the negotiated format) when no schema applies.
 */
export function compileObjectSerializer(options: ResponseSerializeOptions): ObjectSerializer | null {
  const write = compileBodyWriter(options);
  if (write === null) return null;
  return (ctx, value) => {
    const body = write(ctx, value);
    return body === null ? null : respond(ctx, body.text, body.type);
  };
}

function isSerializable(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !(value instanceof Response) && !isBinary(value);
}

/**
 * Wraps a handler so its object results go through the compiled response serializer (the same one routes
 * with `schema.response` or `serializers` use). It returns a bare Response (status and media type); the
 * core then applies what the handler set with `ctx.setHeader()` and `ctx.setCookie()`, as for any
 * Response. Strings, Responses, binary bodies and null pass through.
 */
export function wrapWithResponseSerializer<C extends Context = Context>(
  handler: Handler<C>,
  options: ResponseSerializeOptions,
): Handler<C> {
  const write = compileBodyWriter(options);
  if (write === null) return handler;
  return async (ctx) => {
    const result = await handler(ctx);
    if (!isSerializable(result)) return result;
    const body = write(ctx, result);
    return body === null ? result : new Response(body.text, { status: ctx.statusCode, headers: { 'content-type': body.type } });
  };
}
