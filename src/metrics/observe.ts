import type { Context } from '../core/context';
import type { Fw as CoreFw } from '../core/fw';

/** Sees one answer: its context (`ctx.routePath` null when no route matched), the Response, and `performance.now()` at its start. */
export type AnswerObserver = (ctx: Context, response: Response, startedAt: number) => void;

// Read once: Node's global `performance` is an accessor that runs a check on every read.
const clock = performance;

/**
 * Calls `observer` with every answer of this app once it has started, through the kernel's per-app answer hook
 * (nothing on the request path but a clock read): a middleware would turn every request onto the core's async onion
 * path, which costs more than the recording. Observers of one app run in the order they were added.
 */
export function observeAnswers(app: CoreFw, observer: AnswerObserver): void {
  const before = app.answerHook;
  const seen = (ctx: Context, response: Response, startedAt: number): Response => {
    observer(ctx, response, startedAt);
    return response;
  };
  app.answerHook = (ctx, answer) => {
    const startedAt = clock.now();
    const own = before === null ? answer() : before(ctx, answer);
    return own instanceof Response ? seen(ctx, own, startedAt) : own.then((response) => seen(ctx, response, startedAt));
  };
}
