import { checkOptions } from '../core/options';
import type { LogRecord, LogSink } from '../logger/types';
import type { MetricsView } from '../metrics/types';
import type { SpanRecord } from '../trace/span';
import { type OtlpBatcher, type OtlpBatcherStats, createOtlpBatcher } from './otlp-batcher';
import { buildLogsRequest, toAttributes } from './otlp-json';
import { CumulativeMetrics, buildMetrics } from './otlp-metrics';
import { resourceAttributes } from './otlp-resource';
import { type OtlpSenderOptions, createOtlpSender } from './otlp-sender';
import { buildTracesRequest } from './otlp-traces';

/** Options of an OTLP/HTTP exporter of metrics, spans and log records. */
export interface OtlpExporterOptions extends OtlpSenderOptions {
  /** `service.name` of the resource (default `fw-app`). */
  service?: string;
  /** `service.instance.id` (default a random UUID per exporter, so instances stay apart in the collector). */
  instanceId?: string;
  /** More resource attributes (`deployment.environment`, `service.version`, ...); they win over detected ones. */
  resourceAttributes?: Record<string, unknown>;
  /** Spans or log records per POST (default 512). */
  maxBatchSize?: number;
  /** Spans, and log records, kept while waiting (default 2048 each); beyond it the oldest are dropped and counted. */
  maxQueueSize?: number;
  /** Receives failed exports (default console.error); a request never sees them. */
  onError?: (error: unknown) => void;
}

/** Sends fw's metrics, spans and log records to one OpenTelemetry endpoint over OTLP/HTTP JSON. */
export interface OtlpExporter {
  /** Queues ended spans (`/v1/traces`). */
  readonly spans: OtlpBatcher<SpanRecord>;
  /** Queues log records (`/v1/logs`); also a structured-logger sink. */
  readonly logs: OtlpBatcher<LogRecord> & LogSink;
  /** Adds what grew in `view` to the cumulative totals and posts them (`/v1/metrics`); never rejects. */
  exportMetrics(view: MetricsView): Promise<void>;
  /** Sends every queued span and record; never rejects (pass it to `waitUntil`). */
  flush(): Promise<void>;
  stats(): { spans: OtlpBatcherStats; logs: OtlpBatcherStats; metrics: { exported: number; failed: number } };
}

const SCOPE = { name: 'fw', version: '1.4.0' };

/** Every option of the exporter, for the unknown-key check. */
export const otlpExporterKeys: Record<keyof OtlpExporterOptions, true> = {
  endpoint: true,
  headers: true,
  maxRetries: true,
  backoffMs: true,
  maxBackoffMs: true,
  timeoutMs: true,
  fetch: true,
  encoding: true,
  service: true,
  instanceId: true,
  resourceAttributes: true,
  maxBatchSize: true,
  maxQueueSize: true,
  onError: true,
};

/** Calls `onError` and keeps a throwing one from reaching the request or the queue. */
export function reporter(onError: (error: unknown) => void): (error: unknown) => void {
  return (error) => {
    try {
      onError(error);
    } catch {}
  };
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value <= 0) throw new TypeError(`OTLP export "${name}" must be a positive integer, got ${String(value)}`);
  return value;
}

/** Creates an exporter; options are checked here, so a mistake fails at startup with what to pass. */
export function createOtlpExporter(options: OtlpExporterOptions = {}): OtlpExporter {
  checkOptions('createOtlpExporter()', options, otlpExporterKeys);
  return exporterFrom(options);
}

/**
 * On Lambda the buffered handler returns only once the exports are out, so there a down collector gets one retry
 * of one second by default (about 2.5 s at most) instead of three of ten seconds.
 */
function senderDefaults(options: OtlpExporterOptions): OtlpExporterOptions {
  if ((globalThis as { awslambda?: unknown }).awslambda === undefined) return options;
  return {
    ...options,
    timeoutMs: options.timeoutMs ?? 1000,
    maxRetries: options.maxRetries ?? 1,
    maxBackoffMs: options.maxBackoffMs ?? 500,
  };
}

/** The exporter of options already checked (`otelExport` checks its own wider set). */
export function exporterFrom(options: OtlpExporterOptions): OtlpExporter {
  const sender = createOtlpSender(senderDefaults(options));
  const service = options.service ?? 'fw-app';
  if (typeof service !== 'string' || service === '')
    throw new TypeError(`OTLP export "service" must be a non-empty string, got ${JSON.stringify(service)}`);
  const attributes = resourceAttributes(service, options.instanceId ?? crypto.randomUUID(), options.resourceAttributes);
  const resource = toAttributes(attributes);
  const maxBatchSize = positive('maxBatchSize', options.maxBatchSize ?? 512);
  const maxQueueSize = positive('maxQueueSize', options.maxQueueSize ?? 2048);
  const onError = reporter(options.onError ?? ((error: unknown) => console.error('[fw otlp] export failed', error)));
  const common = { sender, maxBatchSize, maxQueueSize, onError };
  const spans = createOtlpBatcher<SpanRecord>({
    ...common,
    path: '/v1/traces',
    build: (list) => buildTracesRequest(list, resource, SCOPE),
  });
  const { 'service.name': _, ...logAttributes } = attributes;
  const logResource = { service, attributes: logAttributes, scopeName: SCOPE.name, scopeVersion: SCOPE.version };
  const logBatcher = createOtlpBatcher<LogRecord>({ ...common, path: '/v1/logs', build: (list) => buildLogsRequest(list, logResource) });
  const logs = Object.assign(logBatcher, { write: (record: LogRecord) => logBatcher.add(record) });
  const totals = new CumulativeMetrics();
  const metricCounts = { exported: 0, failed: 0 };
  let metricsChain: Promise<void> = Promise.resolve();

  async function sendMetrics(view: MetricsView): Promise<void> {
    totals.add(view);
    const metrics = buildMetrics(totals, view.to);
    if (metrics.length === 0 || sender.pausedUntil() > Date.now()) return;
    const body = { resourceMetrics: [{ resource: { attributes: resource }, scopeMetrics: [{ scope: SCOPE, metrics }] }] };
    const error = await sender.post('/v1/metrics', body).catch((thrown: unknown) => thrown);
    if (error === null) metricCounts.exported++;
    else {
      metricCounts.failed++;
      onError(error);
    }
  }

  return {
    spans,
    logs,
    exportMetrics(view) {
      metricsChain = metricsChain.then(() => sendMetrics(view)).catch(onError);
      return metricsChain;
    },
    async flush() {
      await Promise.all([spans.flush(), logs.flush()]);
    },
    stats: () => ({ spans: spans.stats(), logs: logs.stats(), metrics: { ...metricCounts } }),
  };
}
