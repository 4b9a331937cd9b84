import type { SpanRecord } from '../trace/span';
import { type OtlpKeyValue, toAttributes } from './otlp-json';
import { msToNanos } from './otlp-time';

const KIND = { internal: 1, server: 2, client: 3 } as const;
const STATUS = { unset: 0, ok: 1, error: 2 } as const;

function toSpan(span: SpanRecord) {
  const end = span.endTime ?? span.startTime + (span.durationMs ?? 0);
  const entry: Record<string, unknown> = {
    traceId: span.traceId,
    spanId: span.spanId,
    name: span.name,
    kind: KIND[span.kind] ?? 1,
    startTimeUnixNano: msToNanos(span.startTime),
    endTimeUnixNano: msToNanos(end),
    attributes: toAttributes(span.attributes),
    events: span.events.map((e) => ({ timeUnixNano: msToNanos(e.time), name: e.name, attributes: toAttributes(e.attributes ?? {}) })),
    status: { code: STATUS[span.status] ?? 0 },
  };
  if (span.parentSpanId !== undefined) entry.parentSpanId = span.parentSpanId;
  return entry;
}

/**
 * Builds an OTLP/HTTP JSON `ExportTraceServiceRequest` from ended spans: one resource per `service` (its
 * `service.name` plus the shared `resource` attributes), ids as hex, times as nanosecond strings.
 */
export function buildTracesRequest(
  spans: SpanRecord[],
  resource: OtlpKeyValue[],
  scope: { name: string; version: string },
): { resourceSpans: unknown[] } {
  const byService = new Map<string, SpanRecord[]>();
  for (const span of spans) {
    const list = byService.get(span.service);
    if (list) list.push(span);
    else byService.set(span.service, [span]);
  }
  return {
    resourceSpans: [...byService].map(([service, list]) => ({
      resource: { attributes: [...resource.filter((a) => a.key !== 'service.name'), ...toAttributes({ 'service.name': service })] },
      scopeSpans: [{ scope, spans: list.map(toSpan) }],
    })),
  };
}
