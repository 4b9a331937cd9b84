export { createLogger, jsonLineSink, LEVEL_ORDER, type LoggerOptions } from './logger';
export { structuredLogger, LOGGER_STATE_KEY, type StructuredLoggerOptions, type RequestLogInfo, type LoggerState } from './plugin';
export { redact, SecretNames, DEFAULT_REDACT, REDACTED } from './redact';
export type { LogLevel, LogRecord, LogSink, Logger } from './types';
