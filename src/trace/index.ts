export { newTraceId, newSpanId } from './ids';
export { parseTraceparent, formatTraceparent, sanitizeTracestate, type TraceParent } from './traceparent';
export { Span, type SpanRecord } from './span';
export { Tracer, type TracerOptions, type SpanHandler } from './tracer';
export { Timing, type TimingEntry } from './timing';
export { MetricsCollector, type MetricsCollectorOptions, type MetricsSnapshot, type RouteMetrics } from './metrics';
export { traceMiddleware, SPAN_STATE_KEY, type TraceOptions, type RequestTrace } from './middleware';
export { trace, TRACER_STATE_KEY } from './plugin';
export { KVTraceBridge, type TraceBridgeOptions, type JoinedTrace, type SpanNode } from './bridge';
