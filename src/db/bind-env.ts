import type { Context } from '../core/context';

/** Middleware that hands each request's worker env to `app.db`, so a `d1:<BINDING>` URL finds its binding. */
export function bindDatabaseEnv() {
  return (ctx: Context, next: () => Promise<Response>): Promise<Response> => {
    ctx.app.db.bindEnv(ctx.env);
    return next();
  };
}
