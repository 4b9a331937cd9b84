/**
 * The context helpers beyond the kernel's readers, and the query cache: `ctx.queries()`, `ctx.formData()`,
 * `ctx.parseBody(format)` and `app.queryCacheSize()`. `fw`'s `Fw` adds them to its own classes (`addContextExtras()`)
 * and gives each app a `QueryParseCache` (`queryCacheFor(config)`), so a `fw/core` bundle and `fw/core` apps have none.
 */
import type { Context } from './context';
import { HttpError } from './errors';
import { getFormat } from './formats';
import type { Fw, AppKind } from './fw';
import { QueryParseCache } from './query';
import type { AppTypeArgs, RouteInput } from './typed-routes';
import type { FwCoreConfig } from './types';

declare module './context' {
  interface Context<Env, State extends Record<string, any>, Input extends RouteInput> {
    /** Every value of a repeated query key (`?tag=a&tag=b` -> ['a', 'b']), or all keys' lists when no key is given. */
    queries(): Record<string, string[]>;
    queries(key: string): string[];
    /** The body as FormData (multipart or urlencoded); a malformed body is a 400. */
    formData(): Promise<FormData>;
    /** The body parsed by the named format, or by its Content-Type when no name is given. */
    parseBody<T = unknown>(format?: string): Promise<T>;
  }
}

declare module './fw' {
  interface Fw<T extends AppTypeArgs, K extends AppKind, D extends object, St extends object, Routes, E> {
    /** How many parsed query strings the app's query cache holds (0 when `queryCache` is false). */
    queryCacheSize(): number;
  }
}

/** Each context's parsed form body, read once. */
const forms = new WeakMap<Context, Promise<FormData>>();

function queries(this: Context, key?: string): string[] | Record<string, string[]> {
  const all = this.parsedQuery().all;
  if (key === undefined) {
    const copy = Object.create(null) as Record<string, string[]>;
    for (const k in all) copy[k] = [...all[k]];
    return copy;
  }
  return all[key] ? [...all[key]] : [];
}

function formData(this: Context): Promise<FormData> {
  let form = forms.get(this);
  if (form === undefined) {
    form = this.bodyBytes()
      .then((body) => new Response(body, { headers: { 'content-type': this.request.headers.get('content-type') ?? '' } }).formData())
      .catch((error) => {
        if (error instanceof HttpError) throw error;
        throw new HttpError(400, 'Malformed form body', { code: 'INVALID_BODY', cause: error });
      });
    forms.set(this, form);
  }
  return form;
}

function parseBody(this: Context, format?: string): Promise<unknown> {
  if (format === undefined) return this.body();
  const chosen = getFormat(this.app, format);
  if (!chosen) return Promise.reject(new HttpError(415, `Unknown data format "${format}"`, { code: 'UNSUPPORTED_FORMAT' }));
  return this.parseWith(chosen);
}

function queryCacheSize(this: Fw<any, any>): number {
  return this.queryCache?.size ?? 0;
}

function define(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
}

/** Adds `ctx.queries()`, `ctx.formData()`, `ctx.parseBody()` and `app.queryCacheSize()` to one context class and one app class (`fw`'s own). */
export function addContextExtras(context: Context, app: Fw<any, any>): void {
  define(context, 'queries', queries);
  define(context, 'formData', formData);
  define(context, 'parseBody', parseBody);
  define(app, 'queryCacheSize', queryCacheSize);
}

/** The query cache of an app's options (`queryCache`, default on; `queryCacheSize`, default 512, checked here). */
export function queryCacheFor(config: FwCoreConfig): QueryParseCache | null {
  return config.queryCache === false ? null : new QueryParseCache(config.queryCacheSize ?? 512);
}
