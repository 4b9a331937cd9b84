import { defaultMaxBodySize, defaultTimeouts, type NodeAdapterOptions } from './options';

/** The checked limits of a Node server: the body limit, and the time-outs as `node:http` takes them. */
export interface CheckedServerOptions {
  maxBodySize: number;
  http: {
    headersTimeout: number;
    requestTimeout: number;
    keepAliveTimeout: number;
    connectionsCheckingInterval: number;
  };
}

type TimeoutName = keyof typeof defaultTimeouts;

function checkLimit(limit: unknown): number {
  if (typeof limit !== 'number' || Number.isNaN(limit) || limit < 0)
    throw new RangeError(`fw/node: maxBodySize must be a number of bytes >= 0 (or Infinity), got ${String(limit)}`);
  return limit;
}

/** A time-out in ms as Node takes it: a whole number >= 0, with 0 (or Infinity) meaning none. */
function checkTimeout(name: TimeoutName, value: unknown): number {
  if (value === undefined) return defaultTimeouts[name];
  if (typeof value !== 'number') throw new TypeError(`fw/node: ${name} must be a number of milliseconds, got ${typeof value}`);
  if (value === Infinity) return 0;
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`fw/node: ${name} must be a whole number of milliseconds >= 0 (0 for none), got ${String(value)}`);
  return value;
}

/**
 * How often Node looks for requests past `headersTimeout`/`requestTimeout`: a tenth of the shorter one, between
 * 50 ms and 1 s, so a limit holds to within 10% (or 1 s) instead of Node's default 30 s sweep.
 */
function checkingInterval(headersTimeout: number, requestTimeout: number): number {
  const limits = [headersTimeout, requestTimeout].filter((ms) => ms > 0);
  if (limits.length === 0) return 30_000;
  return Math.min(1000, Math.max(50, Math.floor(Math.min(...limits) / 10)));
}

/** Checks the adapter options once at startup (a developer mistake throws here, never at request time) and fills in defaults. */
export function checkServerOptions(options: NodeAdapterOptions, appLimit = defaultMaxBodySize): CheckedServerOptions {
  const maxBodySize = checkLimit(options.maxBodySize ?? appLimit);
  const headersTimeout = checkTimeout('headersTimeout', options.headersTimeout);
  const requestTimeout = checkTimeout('requestTimeout', options.requestTimeout);
  const keepAliveTimeout = checkTimeout('keepAliveTimeout', options.keepAliveTimeout);
  if (requestTimeout > 0 && headersTimeout > requestTimeout) {
    throw new RangeError(
      `fw/node: headersTimeout (${headersTimeout} ms) must not be longer than requestTimeout (${requestTimeout} ms): the headers are part of the request`,
    );
  }
  return {
    maxBodySize,
    http: {
      headersTimeout,
      requestTimeout,
      keepAliveTimeout,
      connectionsCheckingInterval: checkingInterval(headersTimeout, requestTimeout),
    },
  };
}
