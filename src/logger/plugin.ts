import type { Context } from '../core/context';
import type { FwPluginConfig } from '../core/types';
import { withResponseHeader } from '../trace/response-header';
import { parseTraceparent } from '../trace/traceparent';
import { createLogger, type LoggerOptions } from './logger';
import type { LogLevel, LogSink, Logger } from './types';
import { checkOptions } from '../core/options';

/** What `filter` sees about a finished request. */
export interface RequestLogInfo {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  level: LogLevel;
  requestId: string;
}

/** Options of `structuredLogger` (spec `StructuredLoggerOptions`, plus the logger's own). */
export interface StructuredLoggerOptions extends LoggerOptions {
  /** Paths with no request log line (default /health, /ready, /live, /metrics); `ctx.log` still works there. */
  exclude?: string[];
  /** Return false to skip a request's log line. */
  filter?: (info: RequestLogInfo) => boolean;
  /** Header carrying the request id in and out (default `x-request-id`). */
  requestIdHeader?: string;
}

/** What the plugin shares as app state `fw:logger`: the logger and its sinks (otelLogs adds one). */
export interface LoggerState {
  logger: Logger;
  sinks: LogSink[];
  /** Called after each request's line was written (or skipped); otelLogs flushes its batch here. */
  afterRequest: ((ctx: Context) => void)[];
}

/** App state key of the structured logger. */
export const LOGGER_STATE_KEY = 'fw:logger';

/** Where the plugin's error hook leaves the thrown error for the request line. */
const ERROR_STATE_KEY = 'fw:logger:error';

const DEFAULT_EXCLUDE = ['/health', '/ready', '/live', '/metrics'];
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

function levelFor(status: number): LogLevel {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/** A logger that makes its bindings on first use, so trace ids set by later middleware (the trace plugin) are seen. */
function lazyChild(make: () => Logger): Logger {
  let made: Logger | null = null;
  const get = () => (made ??= make());
  return {
    debug: (message, fields) => get().debug(message, fields),
    info: (message, fields) => get().info(message, fields),
    warn: (message, fields) => get().warn(message, fields),
    error: (message, fields) => get().error(message, fields),
    child: (bindings) => get().child(bindings),
  };
}

function traceOf(ctx: Context): { traceId?: string; spanId?: string } {
  const span = ctx.state['fw:span'] as { traceId?: string; spanId?: string } | undefined;
  if (span?.traceId) return { traceId: span.traceId, spanId: span.spanId };
  const parent = parseTraceparent(ctx.header('traceparent'));
  return parent ? { traceId: parent.traceId } : {};
}

/** Every option of structuredLogger(), so a mistyped key fails at startup. */
const structuredLoggerOptionsKeys: Record<keyof StructuredLoggerOptions, true> = {
  exclude: true,
  filter: true,
  requestIdHeader: true,
  service: true,
  environment: true,
  version: true,
  level: true,
  sinks: true,
  write: true,
  redact: true,
};

/** Logs one JSON line per request (time, level, message, request id, method, path, status, duration, trace id) and adds `ctx.log`. */
export function structuredLogger(options: StructuredLoggerOptions = {}): FwPluginConfig {
  checkOptions('structuredLogger()', options, structuredLoggerOptionsKeys);
  if (options.filter !== undefined && typeof options.filter !== 'function')
    throw new TypeError('structuredLogger "filter" must be a function');
  if (options.exclude !== undefined && (!Array.isArray(options.exclude) || options.exclude.some((p) => typeof p !== 'string'))) {
    throw new TypeError('structuredLogger "exclude" must be a list of paths');
  }
  const logger = createLogger(options);
  const exclude = new Set(options.exclude ?? DEFAULT_EXCLUDE);
  const header = options.requestIdHeader ?? 'x-request-id';
  const state: LoggerState = { logger, sinks: logger.sinks, afterRequest: [] };
  return {
    name: 'structured-logger',
    decorate: { log: logger },
    state: { [LOGGER_STATE_KEY]: state },
    setup(app) {
      app.onError((error, ctx: Context) => {
        ctx.state[ERROR_STATE_KEY] = error;
      });
      app.use(async (ctx: Context, next) => {
        const started = performance.now();
        const incoming = ctx.header(header);
        const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
        const requestLog = lazyChild(() => logger.child({ requestId, ...traceOf(ctx), method: ctx.method, path: ctx.path }));
        (ctx as Context & { log: Logger }).log = requestLog;
        const response = await next();
        const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
        const level = levelFor(response.status);
        const logged =
          !exclude.has(ctx.path) &&
          (!options.filter ||
            options.filter({ method: ctx.method, path: ctx.path, status: response.status, durationMs, level, requestId }));
        const error = ctx.state[ERROR_STATE_KEY];
        const fields =
          error === undefined
            ? { ...traceOf(ctx), status: response.status, durationMs }
            : { ...traceOf(ctx), status: response.status, durationMs, error };
        if (logged) requestLog[level]('request completed', fields);
        for (const hook of state.afterRequest) hook(ctx);
        return withResponseHeader(response, header, requestId);
      });
    },
  };
}

declare module '../core/context' {
  interface Context<Env, State> {
    /** The request's structured logger (with the `structuredLogger` plugin). */
    log: Logger;
  }
}
