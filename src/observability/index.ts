export { levelToSeverityNumber, levelToSeverityText } from './severity';
export { buildLogsRequest, toAnyValue, toAttributes, type OtlpAnyValue, type OtlpKeyValue, type OtlpResource } from './otlp-json';
export { createOTelExporter, createOTelLogger, type OTelLogsOptions, type OTelLogExporter } from './otel-logger';
export { otelLogs, type OTelLogsPluginOptions } from './otel-plugin';
export { createOtlpExporter, type OtlpExporter, type OtlpExporterOptions } from './otlp-exporter';
export { otelExport, type OTelExportOptions } from './otel-export-plugin';
export { OtlpExportError, retryAfterMs, type OtlpSenderOptions } from './otlp-sender';
export type { OtlpBatcher, OtlpBatcherStats } from './otlp-batcher';
export { buildTracesRequest } from './otlp-traces';
