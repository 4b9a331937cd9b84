import { fieldsJson, quote } from './line';
import { DEFAULT_REDACT, SecretNames, redact } from './redact';
import type { LogLevel, LogRecord, LogSink, Logger } from './types';

/** Numeric order of the levels, for the `level` threshold. */
export const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Options of `createLogger`. */
export interface LoggerOptions {
  /** Service name on every record (default `fw-app`). */
  service?: string;
  environment?: string;
  version?: string;
  /** Lowest level written (default `info`). */
  level?: LogLevel;
  /** Where records go (default: one JSON line each through `write`). */
  sinks?: LogSink[];
  /** Writes one JSON line for the default sink (default console.log). */
  write?: (line: string) => void;
  /** More field names to redact besides authorization, cookie, set-cookie, password, token, secret, api keys. */
  redact?: string[];
}

/** The default sink: one JSON line per record. */
export function jsonLineSink(write: (line: string) => void = (line) => console.log(line)): LogSink {
  return {
    writeLine: write,
    write(record) {
      write(JSON.stringify(record));
    },
  };
}

function assertLevel(level: unknown): asserts level is LogLevel {
  if (typeof level !== 'string' || !(level in LEVEL_ORDER))
    throw new TypeError(`Unknown log level ${JSON.stringify(level)}: use debug, info, warn or error`);
}

const reserved = new Set(['time', 'level', 'message']);
const RESERVED_KEYS = { time: true, level: true, message: true };

let clockMs = 0;
let clockIso = '';

/** The current time as ISO 8601, formatted once per millisecond. */
function isoNow(): string {
  const now = Date.now();
  if (now !== clockMs) {
    clockMs = now;
    clockIso = new Date(now).toISOString();
  }
  return clockIso;
}

/** What every logger made by one `createLogger` call shares. */
interface Shared {
  base: { service: string; environment?: string; version?: string };
  threshold: number;
  sinks: LogSink[];
  secrets: SecretNames;
}

class StructuredLogger implements Logger {
  /** Base fields and bindings serialized once, as `,"service":"…",…`, for the JSON line. */
  private readonly head: string;
  private readonly fixed: Record<string, unknown>;
  /** Keys a field may not repeat in the fast line: the fixed ones and time, level, message. */
  private readonly taken: Record<string, unknown>;

  /** `bindings` are redacted once here, not on every record. */
  constructor(
    private readonly shared: Shared,
    private readonly bindings: Record<string, unknown>,
  ) {
    this.fixed = { ...shared.base };
    for (const key in bindings) if (!reserved.has(key)) this.fixed[key] = bindings[key];
    const json = JSON.stringify(this.fixed);
    this.head = json === '{}' ? '' : `,${json.slice(1, -1)}`;
    this.taken = { ...this.fixed, ...RESERVED_KEYS };
  }

  debug(message: string, fields?: Record<string, unknown>): void {
    this.log('debug', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.log('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.log('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.log('error', message, fields);
  }

  child(bindings: Record<string, unknown>): Logger {
    return new StructuredLogger(this.shared, { ...this.bindings, ...(redact(bindings, this.shared.secrets) as Record<string, unknown>) });
  }

  private log(level: LogLevel, message: string, fields?: Record<string, unknown>): void {
    if (LEVEL_ORDER[level] < this.shared.threshold) return;
    const time = isoNow();
    const text = typeof message === 'string' ? message : String(message);
    const given = fields === undefined ? null : typeof fields === 'object' && fields !== null ? fields : { fields };
    let record: LogRecord | null = null;
    let line: string | null = null;
    for (const sink of this.shared.sinks) {
      try {
        if (sink.writeLine) sink.writeLine((line ??= this.line(time, level, text, given)));
        else sink.write((record ??= this.record(time, level, text, given)));
      } catch (error) {
        console.error('[fw logger] a log sink failed', error);
      }
    }
  }

  /** The record object for sinks that want one: fixed fields, then the redacted fields (never time, level, message). */
  private record(time: string, level: LogLevel, message: string, fields: Record<string, unknown> | null): LogRecord {
    const record = { time, level, message, ...this.fixed } as LogRecord;
    if (fields === null) return record;
    const safe = redact(fields, this.shared.secrets) as Record<string, unknown>;
    for (const key in safe) if (!reserved.has(key)) record[key] = safe[key];
    return record;
  }

  /** The JSON line from the pre-serialized head and the fields serialized in one pass; repeated keys fall back to the record. */
  private line(time: string, level: LogLevel, message: string, fields: Record<string, unknown> | null): string {
    const start = `{"time":"${time}","level":"${level}","message":${quote(message)}${this.head}`;
    if (fields === null) return `${start}}`;
    const tail = fieldsJson(fields, this.shared.secrets, this.taken);
    return tail === null ? JSON.stringify(this.record(time, level, message, fields)) : `${start}${tail}}`;
  }
}

/** A structured logger writing JSON lines (or to the given sinks) with secrets redacted. */
export function createLogger(options: LoggerOptions = {}): Logger & { sinks: LogSink[] } {
  const level = options.level ?? 'info';
  assertLevel(level);
  if (options.write !== undefined && typeof options.write !== 'function') throw new TypeError('Logger "write" must be a function');
  const base: Shared['base'] = { service: options.service ?? 'fw-app' };
  if (options.environment !== undefined) base.environment = options.environment;
  if (options.version !== undefined) base.version = options.version;
  const sinks = options.sinks ? [...options.sinks] : [jsonLineSink(options.write)];
  const secrets = new SecretNames([...DEFAULT_REDACT, ...(options.redact ?? [])]);
  const logger = new StructuredLogger({ base, threshold: LEVEL_ORDER[level], sinks, secrets }, {});
  return Object.assign(logger, { sinks });
}
