/**
 * Reports the errors the app answers with a 5xx (what a handler threw and no `onError` hook answered), so a failing
 * route is never silent. The kernel writes the error itself with `console.error`; `fw`'s `Fw` installs the formatted
 * log (error-log.ts: method, path, status and stack in development, one JSON line in production).
 */
import type { Context } from './context';

/** Where unhandled errors go: `true` (default) the console, `false` nowhere, or a function (the app's logger). */
export type ErrorLogOption = boolean | ((error: unknown, ctx: Context) => void);

/** Writes one unhandled error to the console (`logErrors: true`). */
export type ConsoleErrorLog = (error: unknown, ctx: Context, status: number, development: boolean) => void;

let consoleLog: ConsoleErrorLog = (error) => console.error(error);

/** Replaces how `logErrors: true` writes an error (installed by `fw`'s `Fw`, see error-log.ts). */
export function setConsoleErrorLog(log: ConsoleErrorLog): void {
  consoleLog = log;
}

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
  consoleLog(error, ctx, status, development);
}
