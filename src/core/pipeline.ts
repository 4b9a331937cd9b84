import type { Context } from './context';
import type { Fw, MiddlewareEntry } from './fw';
import { applyContext, toResponse, type ObjectSerializer } from './respond';
import { compileRouteSchema } from '../schema/route-schema';
import type { AfterHook, BeforeHook, Handler, RouteHandler, RouteMethod, RouteOptions } from './types';

/** A route's compiled request path: context in, Response out. */
export type Pipeline = (ctx: Context) => Response | Promise<Response>;

/** A registered route and its compiled pipeline (rebuilt when the app's generation moves on). */
export interface RouteRecord {
  method: RouteMethod;
  path: string;
  handler: RouteHandler;
  options: RouteOptions;
  pipeline: Pipeline | null;
  generation: number;
}

function list<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function constantHandler(value: unknown): Handler {
  return () => (value instanceof Response ? value.clone() : value);
}

/** Builds a route's pipeline: hooks, validation, handler, serializer; the hook-free case takes a synchronous fast path. */
export function buildPipeline(app: Fw, route: RouteRecord, globalBefore: BeforeHook[], globalAfter: AfterHook[]): Pipeline {
  const handler = typeof route.handler === 'function' ? (route.handler as Handler) : constantHandler(route.handler);
  const before = [...globalBefore, ...list(route.options.beforeHandle)];
  const after = [...list(route.options.afterHandle), ...globalAfter];
  const schema = compileRouteSchema(route.options, app.config.lruSchemaCache !== false);
  const serializer: ObjectSerializer | null = schema.serialize;
  const validate = schema.validate;

  if (before.length === 0 && after.length === 0 && validate === null) {
    return (ctx) => {
      try {
        const result = handler(ctx);
        if (result instanceof Promise) {
          return result.then((value) => toResponse(ctx, value, serializer), (error) => app.handleError(ctx, error));
        }
        return toResponse(ctx, result, serializer);
      } catch (error) {
        return app.handleError(ctx, error);
      }
    };
  }

  return async (ctx) => {
    try {
      for (const hook of before) {
        const early = await hook(ctx);
        if (early instanceof Response) return applyContext(ctx, early);
      }
      if (validate !== null) await validate(ctx);
      let response = toResponse(ctx, await handler(ctx), serializer);
      for (const hook of after) {
        const replaced = await hook(ctx, response);
        if (replaced instanceof Response) response = replaced;
      }
      return response;
    } catch (error) {
      return app.handleError(ctx, error);
    }
  };
}

/** Runs the middleware that apply to this request around a final pipeline (onion model, Koa-style `next`). */
export function runMiddleware(app: Fw, ctx: Context, entries: MiddlewareEntry[], final: Pipeline): Promise<Response> {
  const path = ctx.path;
  const dispatch = async (index: number): Promise<Response> => {
    let i = index;
    while (i < entries.length) {
      const prefix = entries[i].prefix;
      if (prefix === null || path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47)) break;
      i++;
    }
    if (i === entries.length) return final(ctx);
    let nextCalled: Promise<Response> | null = null;
    const next = (): Promise<Response> => {
      if (nextCalled !== null) return Promise.reject(new Error('next() was called more than once in one middleware'));
      nextCalled = dispatch(i + 1);
      return nextCalled;
    };
    try {
      const result = await entries[i].fn(ctx, next);
      if (result instanceof Response) return result;
      if (nextCalled !== null) return await nextCalled;
      if (result !== undefined) return toResponse(ctx, result, null);
      throw new Error('A middleware neither returned a response nor called next()');
    } catch (error) {
      return app.handleError(ctx, error);
    }
  };
  return dispatch(0);
}
