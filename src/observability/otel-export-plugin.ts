import type { Context } from '../core/context';
import type { Fw } from '../core/fw';
import { checkOptions } from '../core/options';
import type { FwPluginConfig } from '../core/types';
import { isTriggerDrivenRuntime } from '../lifecycle/runtime';
import { LOGGER_STATE_KEY, type LoggerState } from '../logger/plugin';
import { observeAnswers } from '../metrics/observe';
import { hasMetrics, readMetricsView } from '../metrics/read';
import type { MetricsView } from '../metrics/types';
import { TRACER_STATE_KEY } from '../trace/plugin';
import type { Tracer } from '../trace/tracer';
import { watchColdStart } from './cold-start-watch';
import { type OtlpExporter, type OtlpExporterOptions, exporterFrom, otlpExporterKeys, reporter } from './otlp-exporter';

/** Options of the `otelExport` plugin. */
export interface OTelExportOptions extends OtlpExporterOptions {
  /**
   * Where the metrics come from (default: `readMetricsView(app)` when the app has the `metrics()` plugin); a
   * function giving the `MetricsView` to export, or false to send none.
   */
  metrics?: false | ((app: Fw<any, any>, env: unknown) => MetricsView | Promise<MetricsView>);
  /** Send the trace plugin's spans (default: when `trace()` is registered before; `true` insists on it). */
  traces?: boolean;
  /** Send the structured logger's records (default: when `structuredLogger()` is registered before; `true` insists). */
  logs?: boolean;
  /** Metrics are sent at most this often, in ms (default 60000). */
  exportIntervalMs?: number;
  /** On Node and Bun, queued spans and records go out at least this often, in ms (default 5000). */
  flushIntervalMs?: number;
}

const otelExportKeys: Record<keyof OTelExportOptions, true> = {
  ...otlpExporterKeys,
  metrics: true,
  traces: true,
  logs: true,
  exportIntervalMs: true,
  flushIntervalMs: true,
};

function interval(name: string, value: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    throw new TypeError(`otelExport "${name}" must be a positive integer (ms), got ${String(value)}`);
  return value;
}

/**
 * Sends the app's metrics, spans and log records to an OpenTelemetry endpoint over OTLP/HTTP (JSON or protobuf).
 * On workers and Lambda what a request produced goes out through `ctx.waitUntil` after the response; on Node and
 * Bun unref'd timers send it in the background. A slow or down collector never delays or fails a request: queues
 * are bounded, retries end, and failures go to `onError`. `app.stop()` sends what is left.
 */
export function otelExport(options: OTelExportOptions = {}): FwPluginConfig & { exporter: OtlpExporter } {
  checkOptions('otelExport()', options, otelExportKeys);
  const exporter = exporterFrom(options);
  const reportRead = reporter(options.onError ?? ((error) => console.error('[fw otlp] reading metrics failed', error)));
  const every = interval('exportIntervalMs', options.exportIntervalMs ?? 60_000);
  const flushEvery = interval('flushIntervalMs', options.flushIntervalMs ?? 5000);
  const source = options.metrics;
  if (source !== undefined && source !== false && typeof source !== 'function')
    throw new TypeError(
      'otelExport "metrics" must be false or a function (app, env) => MetricsView; leave it out to read the metrics() plugin',
    );
  const timers: ReturnType<typeof setInterval>[] = [];
  let lastExport = 0;
  let app: Fw<any, any> | null = null;

  /** The view to export now, or null when there is nothing to read (no source, no `metrics()` plugin). */
  function readView(from: Fw<any, any>, env: unknown): Promise<MetricsView> | MetricsView | null {
    if (source === false) return null;
    if (source !== undefined) return source(from, env);
    return hasMetrics(from) ? readMetricsView(from, { env }) : null;
  }

  /** Reads and sends the view, once `after` (the instance's cold start being recorded) has settled. */
  function exportMetrics(env?: unknown, after?: Promise<void>): Promise<void> {
    const from = app;
    if (from === null) return Promise.resolve();
    lastExport = Date.now();
    return Promise.resolve(after)
      .then(() => readView(from, env))
      .then((view) => (view === null ? undefined : exporter.exportMetrics(view)), reportRead);
  }

  return {
    name: 'otel-export',
    exporter,
    setup(target) {
      app = target;
      const triggered = isTriggerDrivenRuntime();
      const tracer = target.state<Tracer>(TRACER_STATE_KEY);
      if (options.traces === true && !tracer) throw new Error('otelExport({ traces: true }) needs the trace() plugin registered first');
      if (options.traces !== false && tracer)
        tracer.onSpan((span) => {
          exporter.spans.add(span);
          return triggered ? exporter.spans.flush() : undefined;
        });
      const logger = target.state<LoggerState>(LOGGER_STATE_KEY);
      if (options.logs === true && !logger)
        throw new Error('otelExport({ logs: true }) needs the structuredLogger() plugin registered first');
      if (options.logs !== false && logger) {
        logger.sinks.push(exporter.logs);
        if (triggered)
          logger.afterRequest.push((ctx: Context) => {
            if (exporter.logs.stats().queued > 0) ctx.waitUntil(exporter.logs.flush());
          });
      }
      // After the answer, not in a middleware: metrics() records an answer once the app's fetch has it, so a read
      // from inside the onion would miss the request that triggered it (a Lambda invocation would not send its own).
      // The first invocation's cold start is recorded when the target has its answer: that export waits for it.
      if (source !== false) {
        const wait = watchColdStart(target);
        observeAnswers(target, (ctx: Context) => {
          if (Date.now() - lastExport >= every) ctx.waitUntil(exportMetrics(ctx.env, wait.recording()));
        });
      }
    },
    onStart() {
      if (timers.length > 0 || isTriggerDrivenRuntime()) return;
      timers.push(setInterval(() => void exporter.flush(), flushEvery));
      if (source !== false) timers.push(setInterval(() => void exportMetrics(), every));
      for (const timer of timers) (timer as { unref?: () => void }).unref?.();
    },
    async onStop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all([exporter.flush(), exportMetrics()]);
    },
  };
}
