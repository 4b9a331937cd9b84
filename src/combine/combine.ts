/** Middleware combinators: `some` (the first that passes), `every` (all, in order) and `except` (skip on a match). */
import type { Context } from '../core/context';
import { ForbiddenError } from '../core/errors';
import { ANY } from '../core/route-trie';
import { Router } from '../core/router';
import type { Middleware } from '../core/types';

/** A condition: a function of the context answering true (pass) or false (refuse). */
export type Condition = (ctx: Context) => boolean | Promise<boolean>;

/**
 * What `some` and `every` combine: a middleware (a call to next() or an answer passes, a throw refuses) or a
 * condition (true passes, false refuses). One function type, so an inline arrow gets its `ctx` typed.
 */
export type Combinable = (ctx: Context, next: () => Promise<Response>) => unknown;

function unmet(): ForbiddenError {
  return new ForbiddenError('Forbidden', { code: 'CONDITION_UNMET' });
}

function checkItems(where: string, items: unknown[]): void {
  if (items.length === 0) throw new TypeError(`${where}: give at least one middleware or condition`);
  items.forEach((item, i) => {
    if (typeof item !== 'function')
      throw new TypeError(`${where}: argument ${i + 1} must be a middleware or a condition function, got ${typeof item}`);
  });
}

/**
 * Passes when one of the items passes, trying them in order: a condition answering true, or a middleware that
 * answers or calls next(). A middleware that throws before calling next() (an auth check refusing) lets the next item
 * try; an error after next() (from the handler) is the request's, and no other item runs. When none passes, the last
 * error is thrown (403 `CONDITION_UNMET` when the last item was a condition answering false).
 */
export function some(...items: Combinable[]): Middleware {
  checkItems('some()', items);
  return async (ctx, next) => {
    let nextCalled = false;
    const onceNext = (): Promise<Response> => {
      nextCalled = true;
      return next();
    };
    let lastError: unknown;
    for (const item of items) {
      try {
        const result = await item(ctx, onceNext);
        if (result === true && !nextCalled) return onceNext();
        if (result === false) {
          lastError = unmet();
          continue;
        }
        return result;
      } catch (error) {
        if (nextCalled) throw error;
        lastError = error;
      }
    }
    throw lastError;
  };
}

/**
 * Passes when every item passes, in order, each inside the one before (an onion, like `app.use` in a row): a
 * condition answering false refuses with 403 `CONDITION_UNMET`; a middleware that answers without calling next()
 * ends the chain with its answer.
 */
export function every(...items: Combinable[]): Middleware {
  checkItems('every()', items);
  return (ctx, next) => {
    const run = async (index: number): Promise<unknown> => {
      if (index === items.length) return next();
      let called: Promise<Response> | null = null;
      const inner = (): Promise<Response> => (called ??= run(index + 1) as Promise<Response>);
      const result = await items[index](ctx, inner);
      if (result === false) throw unmet();
      if (result === true) return inner();
      return result instanceof Response || called === null ? result : called;
    };
    return run(0);
  };
}

/** Runs the middleware unless the request matches a condition: a path pattern (`/public/*`, `/users/:id`) or a function. */
export function except(condition: string | Condition | (string | Condition)[], ...middleware: Middleware[]): Middleware {
  const conditions = Array.isArray(condition) ? condition : [condition];
  if (conditions.length === 0) throw new TypeError('except(): give at least one path pattern or condition');
  const router = new Router<true>();
  const tests: Condition[] = [];
  for (const item of conditions) {
    if (typeof item === 'string') router.add(ANY, item, true);
    else if (typeof item === 'function') tests.push(item);
    else throw new TypeError(`except(): a condition must be a path pattern or a function, got ${typeof item}`);
  }
  const hasPatterns = tests.length < conditions.length;
  const inner = every(...middleware);
  return async (ctx, next) => {
    if (hasPatterns && router.match(ANY, ctx.path) !== null) return next();
    for (const test of tests) if ((await test(ctx)) === true) return next();
    return inner(ctx, next);
  };
}
