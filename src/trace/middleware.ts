import type { Context } from '../core/context';
import type { Middleware } from '../core/types';
import type { MetricsCollector } from './metrics';
import type { Span } from './span';
import { withResponseHeader } from './response-header';
import { Timing } from './timing';
import { formatTraceparent, parseTraceparent, sanitizeTracestate } from './traceparent';
import { Tracer, type TracerOptions } from './tracer';

/** Options of `trace` and `traceMiddleware`. */
export interface TraceOptions extends TracerOptions {
  /** A tracer to share (default: one made from these options). */
  tracer?: Tracer;
  /** Records every request in this collector too. */
  metrics?: MetricsCollector;
  /** Adds a `Server-Timing` header (`total` plus what handlers measured with `ctx.timing`) (default true). */
  serverTiming?: boolean;
  /** Echoes `traceparent`/`tracestate` of the request's span on the response (default true). */
  responseHeaders?: boolean;
}

/** What a traced request carries as `ctx.state['fw:span']`. */
export interface RequestTrace {
  traceId: string;
  spanId: string;
  sampled: boolean;
  tracestate: string | null;
  span: Span;
  /** The `traceparent` header to send on outgoing calls so the callee joins this trace. */
  traceparent: string;
}

/** The state key of the request's trace. */
export const SPAN_STATE_KEY = 'fw:span';

/** Traces each request: joins the caller's W3C trace (or starts one), records a server span, and answers with trace headers. */
export function traceMiddleware(options: TraceOptions = {}): Middleware & { tracer: Tracer } {
  const tracer = options.tracer ?? new Tracer(options);
  const serverTiming = options.serverTiming ?? true;
  const responseHeaders = options.responseHeaders ?? true;
  const middleware = async (ctx: Context, next: () => Promise<Response>): Promise<Response> => {
    const parent = parseTraceparent(ctx.header('traceparent'));
    const tracestate = parent ? sanitizeTracestate(ctx.header('tracestate')) : null;
    const keep = (pending: Promise<unknown>) => ctx.waitUntil(pending);
    const span = tracer.startSpan(`${ctx.method} ${ctx.path}`, {
      kind: 'server',
      keep,
      parent: parent ? { traceId: parent.traceId, spanId: parent.parentId, sampled: (parent.flags & 1) === 1 } : undefined,
    });
    span.setAttribute('http.request.method', ctx.method).setAttribute('url.path', ctx.path);
    const traceparent = formatTraceparent(span.traceId, span.spanId, span.record.sampled);
    const trace: RequestTrace = { traceId: span.traceId, spanId: span.spanId, sampled: span.record.sampled, tracestate, span, traceparent };
    ctx.state[SPAN_STATE_KEY] = trace;
    const timing = new Timing();
    (ctx as Context & { timing: Timing }).timing = timing;
    const done = options.metrics?.begin();
    const started = performance.now();
    let response: Response;
    try {
      response = await next();
    } finally {
      done?.();
    }
    const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
    const route = ctx.routePath ?? '(unmatched)';
    if (ctx.routePath) span.record.name = `${ctx.method} ${ctx.routePath}`;
    span.setAttribute('http.route', route).setAttribute('http.response.status_code', response.status);
    span.end(response.status >= 500 ? 'error' : 'ok');
    options.metrics?.record(ctx.method, route, response.status, durationMs);
    if (responseHeaders) {
      response = withResponseHeader(response, 'traceparent', traceparent);
      if (tracestate) response = withResponseHeader(response, 'tracestate', tracestate);
    }
    if (serverTiming) {
      timing.add('total', durationMs);
      response = withResponseHeader(response, 'server-timing', timing.header());
    }
    return response;
  };
  return Object.assign(middleware, { tracer });
}
