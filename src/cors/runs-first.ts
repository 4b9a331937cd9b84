/**
 * cors() runs before every other middleware of the paths it covers, wherever it is registered: a preflight carries no
 * credentials (the Fetch standard leaves them out), so no guard may see it, and a guard's 401 must carry the CORS
 * headers for the browser to show it to the page. The middleware is marked here and `fw`'s `Fw` moves it first.
 */
import type { MiddlewareEntry } from '../core/fw';
import type { Middleware } from '../core/types';

/** The mark of a middleware that runs first (shared by every copy of fw in a process, so a duplicate install agrees). */
const runsFirst = Symbol.for('fw.middleware.runsFirst');

/** Marks a middleware to run before every other one of its paths (cors() marks its own). */
export function markRunsFirst(middleware: Middleware): Middleware {
  Object.defineProperty(middleware, runsFirst, { value: true });
  return middleware;
}

/** Moves the marked middleware ahead of the others, in place, each group keeping its registration order. */
export function moveFirst(entries: MiddlewareEntry[]): void {
  const first = entries.filter((entry) => runsFirst in entry.fn);
  if (first.length === 0) return;
  const rest = entries.filter((entry) => !(runsFirst in entry.fn));
  entries.splice(0, entries.length, ...first, ...rest);
}
