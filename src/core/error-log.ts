/**
 * Logs the errors the app answers with a 5xx (what a handler threw and no `onError` hook answered), so a failing
 * route is never silent: development writes the message and stack, production one JSON line per error.
 */
import type { Context } from './context';

/** Where unhandled errors go: `true` (default) the console, `false` nowhere, or a function (the app's logger). */
export type ErrorLogOption = boolean | ((error: unknown, ctx: Context) => void);

function describe(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) return error;
  if (typeof error === 'string') return { name: 'string', message: error };
  let text: string;
  try {
    text = JSON.stringify(error) ?? String(error);
  } catch {
    text = Object.prototype.toString.call(error);
  }
  return { name: typeof error, message: text };
}

/** Reports one unhandled error of a request as the app's `logErrors` option says. */
export function logUnhandled(option: ErrorLogOption | undefined, development: boolean, error: unknown, ctx: Context, status: number): void {
  if (option === false) return;
  if (typeof option === 'function') return option(error, ctx);
  const { name, message, stack } = describe(error);
  const { method, path } = ctx;
  console.error(
    development
      ? `fw: ${method} ${path} answered ${status}: ${stack ?? `${name}: ${message}`}`
      : JSON.stringify({ level: 'error', time: new Date().toISOString(), method, path, status, error: name, message, stack }),
  );
}
