/**
 * Reports the errors the app answers with a 5xx (what a handler threw and no `onError` hook answered), so a failing
 * route is never silent. `logErrors: true` writes it through the app's own `logUnhandled`: the kernel's writes the
 * error itself with `console.error`, `fw`'s `Fw` the formatted log (error-log.ts: method, path, status and stack in
 * development, one JSON line in production); other apps in the process keep theirs.
 */
import type { Context } from './context';

/** Where unhandled errors go: `true` (default) the console, `false` nowhere, or a function (the app's logger). */
export type ErrorLogOption = boolean | ((error: unknown, ctx: Context) => void);

/** Reports one unhandled error of a request as the app's `logErrors` option says. */
export function reportUnhandled(
  option: ErrorLogOption | undefined,
  development: boolean,
  error: unknown,
  ctx: Context,
  status: number,
): void {
  if (option === false) return;
  if (typeof option === 'function') return option(error, ctx);
  ctx.app.logUnhandled(error, ctx, status, development);
}
