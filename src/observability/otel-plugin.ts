import type { Context } from '../core/context';
import type { FwPluginConfig } from '../core/types';
import { LOGGER_STATE_KEY, type LoggerState } from '../logger/plugin';
import { createOTelExporter, type OTelLogExporter, type OTelLogsOptions } from './otel-logger';

/**
 * Sends the structured logger's records to an OTLP/HTTP collector: registered after `structuredLogger`, it adds
 * the exporter as a sink and sends what each request logged through `ctx.waitUntil` (kept alive on workers and
 * Lambda; in the background on Node and Bun). `app.stop()` flushes the rest.
 */
export function otelLogs(options: OTelLogsOptions = {}): FwPluginConfig & { exporter: OTelLogExporter } {
  const exporter = createOTelExporter(options);
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
    onStop() {
      return exporter.flush();
    },
  };
}
