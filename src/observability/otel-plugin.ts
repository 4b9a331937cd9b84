import type { Context } from '../core/context';
import type { FwPluginConfig } from '../core/types';
import { isTriggerDrivenRuntime } from '../lifecycle/runtime';
import { LOGGER_STATE_KEY, type LoggerState } from '../logger/plugin';
import { createOTelExporter, type OTelLogExporter, type OTelLogsOptions } from './otel-logger';

/** Options of the `otelLogs` plugin. */
export interface OTelLogsPluginOptions extends OTelLogsOptions {
  /**
   * On Node and Bun, also send what was logged outside requests (jobs, start-up) every this many ms (default 5000;
   * 0 turns it off). Workers and Lambda have no background timers; there records go out after each request.
   */
  flushIntervalMs?: number;
}

/**
 * Sends the structured logger's records to an OTLP/HTTP collector: registered after `structuredLogger`, it adds
 * the exporter as a sink and sends what each request logged through `ctx.waitUntil` (kept alive on workers and
 * Lambda; in the background on Node and Bun), plus a periodic flush on Node and Bun; `app.stop()` flushes the rest.
 */
export function otelLogs(options: OTelLogsPluginOptions = {}): FwPluginConfig & { exporter: OTelLogExporter } {
  const exporter = createOTelExporter(options);
  const interval = options.flushIntervalMs ?? 5000;
  if (typeof interval !== 'number' || !Number.isFinite(interval) || interval < 0)
    throw new TypeError(`otelLogs "flushIntervalMs" must be a number >= 0, got ${String(interval)}`);
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    name: 'otel-logs',
    dependencies: ['structured-logger'],
    exporter,
    setup(app) {
      const state = app.state<LoggerState>(LOGGER_STATE_KEY);
      if (!state) throw new Error('otelLogs needs the structuredLogger plugin registered first');
      state.sinks.push(exporter);
      state.afterRequest.push((ctx: Context) => {
        if (exporter.stats().queued > 0) ctx.waitUntil(exporter.flush());
      });
    },
    onStart() {
      if (interval === 0 || timer !== null || isTriggerDrivenRuntime()) return;
      timer = setInterval(() => void exporter.flush(), interval);
      (timer as { unref?: () => void }).unref?.();
    },
    onStop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      return exporter.flush();
    },
  };
}
