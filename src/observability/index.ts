export { levelToSeverityNumber, levelToSeverityText } from './severity';
export { buildLogsRequest, toAnyValue, toAttributes, type OtlpAnyValue, type OtlpKeyValue, type OtlpResource } from './otlp-json';
export { createOTelExporter, createOTelLogger, type OTelLogsOptions, type OTelLogExporter } from './otel-logger';
export { otelLogs, type OTelLogsPluginOptions } from './otel-plugin';
