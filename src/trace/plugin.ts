import type { Context } from '../core/context';
import type { FwPluginConfig } from '../core/types';
import type { Span } from './span';
import type { Timing } from './timing';
import { SPAN_STATE_KEY, traceMiddleware, type RequestTrace, type TraceOptions } from './middleware';
import type { Tracer } from './tracer';

/** The state key of the app's tracer. */
export const TRACER_STATE_KEY = 'fw:tracer';

/** `ctx.startSpan(name)`: a child span of the request's span, ended by the caller. */
function startSpan(this: Context, name: string): Span {
  const trace = this.state[SPAN_STATE_KEY] as RequestTrace | undefined;
  if (!trace) throw new Error('ctx.startSpan() needs the trace plugin');
  const tracer = this.app.state<Tracer>(TRACER_STATE_KEY);
  if (!tracer) throw new Error('ctx.startSpan() needs the trace plugin');
  return tracer.startSpan(name, {
    parent: { traceId: trace.traceId, spanId: trace.spanId, sampled: trace.sampled },
    keep: (pending) => this.waitUntil(pending),
  });
}

/** The trace plugin: `traceMiddleware` for every request, `ctx.startSpan(name)`, `ctx.timing`, and the tracer as state `fw:tracer`. */
export function trace(options: TraceOptions = {}): FwPluginConfig & { tracer: Tracer } {
  const middleware = traceMiddleware(options);
  return {
    name: 'trace',
    tracer: middleware.tracer,
    state: { [TRACER_STATE_KEY]: middleware.tracer },
    decorate: { startSpan, timing: null },
    setup(app) {
      app.use(middleware);
    },
  };
}

declare module '../core/context' {
  interface Context<Env, State> {
    /** Starts a child span of the request's span (with the `trace` plugin). */
    startSpan(name: string): Span;
    /** Server-Timing metrics of this response (with `trace` or `traceMiddleware`). */
    timing: Timing;
  }
}
