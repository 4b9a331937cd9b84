import type { Context } from './context';
import type { Fw, MiddlewareEntry } from './fw';
import { applyContext, toResponse, type ObjectSerializer } from './respond';
import type { CompiledRouteSchema } from './schema-compiler';
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

/** Builds a route's pipeline: hooks, validation, handler, serializer (`schema`, compiled by the app's compiler); the hook-free case takes a synchronous fast path. */
export function buildPipeline(
  app: Fw<any, any>,
  route: RouteRecord,
  globalBefore: BeforeHook[],
  globalAfter: AfterHook[],
  schema: CompiledRouteSchema,
): Pipeline {
  const constant = route.handler;
  const status = route.options.status;
  const answer: Handler =
    typeof constant === 'function' ? (constant as Handler) : () => (constant instanceof Response ? constant.clone() : constant);
  const handler: Handler = status ? (ctx) => answer(ctx.status(status)) : answer;
  // concat() takes a hook or a list of hooks alike.
  const before = globalBefore.concat(route.options.beforeHandle ?? []);
  const after = ([] as AfterHook[]).concat(route.options.afterHandle ?? [], globalAfter);
  const serializer: ObjectSerializer | null = schema.serialize;
  const validate = schema.validate;

  if (!(before.length || after.length || validate)) {
    return (ctx) => {
      try {
        const result = handler(ctx);
        if (!(result instanceof Promise)) return toResponse(ctx, result, serializer);
        return result.then((value) => toResponse(ctx, value, serializer)).catch((error) => app.handleError(ctx, error));
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

/** The index of the first middleware from `from` whose prefix covers the path (null covers every path; a prefix covers itself and below). */
function nextApplicable(entries: MiddlewareEntry[], from: number, path: string): number {
  let i = from;
  for (; i < entries.length; i++) {
    const prefix = entries[i].prefix;
    if (prefix === null || path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47)) break;
  }
  return i;
}

/**
 * Runs the middleware that apply to this request around a final pipeline (onion model, Koa-style `next`).
 * When none applies to the path, the final pipeline runs directly, with no promise or closure in between.
 */
export function runMiddleware(app: Fw<any, any>, ctx: Context, entries: MiddlewareEntry[], final: Pipeline): Response | Promise<Response> {
  const first = nextApplicable(entries, 0, ctx.path);
  return first === entries.length ? final(ctx) : runOnion(app, ctx, entries, final, first);
}

function runOnion(app: Fw<any, any>, ctx: Context, entries: MiddlewareEntry[], final: Pipeline, first: number): Promise<Response> {
  const dispatch = async (index: number): Promise<Response> => {
    if (index === entries.length) return final(ctx);
    let nextCalled: Promise<Response> | null = null;
    const next = (): Promise<Response> => {
      if (nextCalled !== null) return Promise.reject(new Error('next() was called more than once in one middleware'));
      return (nextCalled = dispatch(nextApplicable(entries, index + 1, ctx.path)));
    };
    try {
      const result = await entries[index].fn(ctx, next);
      if (result instanceof Response) return result;
      if (nextCalled !== null) return await nextCalled;
      if (result !== undefined) return toResponse(ctx, result, null);
      throw new Error('A middleware neither returned a response nor called next()');
    } catch (error) {
      return app.handleError(ctx, error);
    }
  };
  return dispatch(first);
}
