/** Log levels in increasing severity. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One structured log entry, as written (one JSON line) and as handed to sinks such as the OTLP exporter. */
export interface LogRecord {
  time: string;
  level: LogLevel;
  message: string;
  service: string;
  environment?: string;
  version?: string;
  requestId?: string;
  traceId?: string;
  spanId?: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
  [field: string]: unknown;
}

/** Receives every record a logger writes (console JSON lines by default; `createOTelLogger` is another). */
export interface LogSink {
  write(record: LogRecord): void;
  /** Takes the record already serialized as one JSON line; used instead of `write` when present (cheaper). */
  writeLine?(line: string): void;
  flush?(): Promise<void>;
}

/** The logging surface of `ctx.log` and of `createLogger`. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A logger whose records all carry `bindings`. */
  child(bindings: Record<string, unknown>): Logger;
}
