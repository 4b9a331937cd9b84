import type { Context, ExecutionContext } from '../core/context';
import type { Fw as CoreFw } from '../core/fw';

/** Sees one answer: its context (`ctx.routePath` null when no route matched), the Response, and `performance.now()` at its start. */
export type AnswerObserver = (ctx: Context, response: Response, startedAt: number) => void;

type ContextClass = CoreFw['ContextClass'];

/**
 * Calls `observer` with every answer of this app's `fetch`, without putting anything on the request path but a
 * clock read and a comparison: a middleware would turn every request onto the core's async onion path (which
 * costs more than the recording). It gives this app (this instance only, never a prototype) a context class that
 * notes the context it just made, and a `fetch` around the core's that reads it back: the core makes the context
 * synchronously in `fetch` once the app has started, so the noted one is this request's. Until the app has started
 * (`started.now` false), a request waits for `app.ready()` first.
 */
export function observeAnswers(app: CoreFw, observer: AnswerObserver, started: { now: boolean }): void {
  let made: Context | null = null;
  const Base: ContextClass = app.ContextClass;
  (app as { ContextClass: ContextClass }).ContextClass = class ObservedContext extends Base {
    constructor(owner: CoreFw, request: Request, path: string, env?: unknown, executionCtx?: ExecutionContext) {
      super(owner, request, path, env, executionCtx);
      made = this;
    }
  };
  const inner = app.fetch;
  // Read once: Node's global `performance` is an accessor that runs a check on every read.
  const clock = performance;
  const observed: CoreFw['fetch'] = (request, env, executionCtx) => {
    if (!started.now)
      return app.ready().then(
        () => observed(request, env, executionCtx),
        () => inner(request, env, executionCtx),
      );
    const startedAt = clock.now();
    made = null;
    const answer = inner(request, env, executionCtx);
    const ctx = made as Context | null;
    // Null or another request's: the core had not started (it answers after ready()) or a handler called fetch inside.
    if (ctx === null || ctx.request !== request) return answer;
    if (answer instanceof Response) {
      observer(ctx, answer, startedAt);
      return answer;
    }
    return answer.then((response) => {
      observer(ctx, response, startedAt);
      return response;
    });
  };
  (app as { fetch: CoreFw['fetch'] }).fetch = observed;
}
