import { createLogger } from '../logger/logger';
import type { LogRecord, LogSink, Logger } from '../logger/types';
import { buildLogsRequest } from './otlp-json';

/** Options of the OTLP log exporter. */
export interface OTelLogsOptions {
  /** The OTLP/HTTP logs endpoint (default http://localhost:4318/v1/logs). */
  url?: string;
  /** Extra request headers (API keys of a vendor's collector). */
  headers?: Record<string, string>;
  /** `service.name` of the resource (default `fw-app`). */
  service?: string;
  /** More resource attributes (`deployment.environment`, `service.version`, ...). */
  resourceAttributes?: Record<string, unknown>;
  /** Records per POST (default 100); a full batch is sent at once. */
  maxBatchSize?: number;
  /** Records kept while waiting to be sent (default 2048); beyond it the oldest are dropped and counted. */
  maxQueueSize?: number;
  /** Receives failed exports (default console.error); failed batches are dropped, never retried forever. */
  onError?: (error: unknown) => void;
  /** The fetch to post with (default the global one). */
  fetch?: typeof fetch;
}

/** A log sink that batches records and posts them as OTLP/HTTP JSON. */
export interface OTelLogExporter extends LogSink {
  /** Sends everything queued; resolves when the POSTs finished (pass it to `waitUntil` on workers). */
  flush(): Promise<void>;
  /** Records waiting, and records dropped because the queue was full. */
  stats(): { queued: number; dropped: number; exported: number; failedBatches: number };
}

function positiveInt(name: string, value: number): number {
  if (!Number.isInteger(value) || value <= 0) throw new TypeError(`OTLP logs "${name}" must be a positive integer, got ${String(value)}`);
  return value;
}

/** Creates the batching OTLP/HTTP JSON exporter behind `otelLogs` and `createOTelLogger`. */
export function createOTelExporter(options: OTelLogsOptions = {}): OTelLogExporter {
  const url = options.url ?? 'http://localhost:4318/v1/logs';
  try {
    new URL(url);
  } catch {
    throw new TypeError(`OTLP logs "url" must be an absolute URL, got ${JSON.stringify(url)}`);
  }
  const maxBatch = positiveInt('maxBatchSize', options.maxBatchSize ?? 100);
  const maxQueue = positiveInt('maxQueueSize', options.maxQueueSize ?? 2048);
  const post = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const onError = options.onError ?? ((error: unknown) => console.error('[fw otel-logs] export failed', error));
  const resource = { service: options.service ?? 'fw-app', attributes: options.resourceAttributes, scopeName: 'fw', scopeVersion: '1.4.0' };
  const queue: LogRecord[] = [];
  const counts = { dropped: 0, exported: 0, failedBatches: 0 };
  let inFlight: Promise<void> = Promise.resolve();

  async function send(batch: LogRecord[]): Promise<void> {
    try {
      const response = await post(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...options.headers },
        body: JSON.stringify(buildLogsRequest(batch, resource)),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`OTLP collector answered ${response.status} for ${batch.length} log records`);
      counts.exported += batch.length;
    } catch (error) {
      counts.failedBatches++;
      onError(error);
    }
  }

  function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight = inFlight.then(() => send(batch));
    }
    return inFlight;
  }

  return {
    write(record) {
      queue.push(record);
      if (queue.length > maxQueue) counts.dropped += queue.splice(0, queue.length - maxQueue).length;
      if (queue.length >= maxBatch) void drain();
    },
    flush: drain,
    stats: () => ({ queued: queue.length, ...counts }),
  };
}

/** A standalone structured logger whose records go to an OTLP/HTTP collector (call `flush()` before exit, or pass it to `waitUntil`). */
export function createOTelLogger(
  options: OTelLogsOptions & { level?: 'debug' | 'info' | 'warn' | 'error'; environment?: string; version?: string } = {},
): Logger & { exporter: OTelLogExporter; flush(): Promise<void> } {
  const exporter = createOTelExporter(options);
  const logger = createLogger({
    service: options.service,
    environment: options.environment,
    version: options.version,
    level: options.level,
    sinks: [exporter],
  });
  return Object.assign(logger, { exporter, flush: () => exporter.flush() });
}
