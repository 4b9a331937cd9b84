/**
 * The formatted log of unhandled errors, `fw`'s `Fw`'s `logUnhandled`: development writes the method, path, status
 * and stack, production one JSON line per error. The kernel writes the error as it is.
 */
import type { Context } from './context';

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

/** Writes one unhandled error of a request: a readable line in development, a JSON line in production. */
export function logUnhandled(error: unknown, ctx: Context, status: number, development: boolean): void {
  const { name, message, stack } = describe(error);
  const { method, path } = ctx;
  const errorId = (error as { errorId?: unknown } | null)?.errorId;
  const id = typeof errorId === 'string' ? errorId : undefined;
  console.error(
    development
      ? `fw: ${method} ${path} answered ${status}${id ? ` (errorId ${id})` : ''}: ${stack ?? `${name}: ${message}`}`
      : JSON.stringify({ level: 'error', time: new Date().toISOString(), method, path, status, errorId: id, error: name, message, stack }),
  );
}
