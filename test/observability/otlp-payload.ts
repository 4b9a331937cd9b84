/** Readers of decoded OTLP payloads the export tests share: resource attributes, metrics and histogram points. */
import type { Received } from './otlp-receiver';

/** A decoded OTLP JSON object. */
export type Json = Record<string, any>;

/** OTLP key/value attributes as a plain object. */
export const attrs = (list: Json[]): Record<string, unknown> => Object.fromEntries(list.map((a) => [a.key, Object.values(a.value)[0]]));

/** The resource attributes of a payload's first `resourceMetrics`, `resourceSpans` or `resourceLogs`. */
export const resourceOf = (r: Received, key: string) => attrs((r.body as Json)[key][0].resource.attributes);

/** The metrics of a `/v1/metrics` payload. */
export const metricsOf = (r: Received): Json[] => (r.body as Json).resourceMetrics[0].scopeMetrics[0].metrics;

/** The histogram point of metric `name` whose attributes hold `value` (a route or a target). */
export const pointOf = (r: Received, name: string, value: string) =>
  metricsOf(r)
    .find((m) => m.name === name)
    ?.histogram.dataPoints.find((p: Json) => p.attributes.some((a: Json) => a.value.stringValue === value));

/** The span names of every `/v1/traces` payload received so far. */
export const spanNamesOf = (received: Received[]): string[] =>
  received
    .filter((r) => r.path === '/v1/traces' && r.body)
    .flatMap((r) => (r.body as Json).resourceSpans[0].scopeSpans[0].spans.map((s: Json) => s.name));

/** The log bodies of every `/v1/logs` payload received so far. */
export const logMessagesOf = (received: Received[]): string[] =>
  received
    .filter((r) => r.path === '/v1/logs' && r.body)
    .flatMap((r) => (r.body as Json).resourceLogs[0].scopeLogs[0].logRecords.map((l: Json) => l.body.stringValue));
