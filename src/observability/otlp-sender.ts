import { encodeOtlpProtobuf } from './otlp-protobuf';

/** Posts OTLP/HTTP bodies to a collector: a timeout per attempt, bounded retries with backoff, Retry-After honoured. */

/** How the sender talks to the collector. */
export interface OtlpSenderOptions {
  /** The collector's base URL; signals go to `endpoint + /v1/metrics`, `/v1/logs`, `/v1/traces` (default http://localhost:4318). */
  endpoint?: string;
  /** Extra request headers (the collector's or vendor's auth). */
  headers?: Record<string, string>;
  /** Retries of one batch after a 429, 502, 503, 504, a network error or a timeout (default 3); then it is dropped. */
  maxRetries?: number;
  /** First backoff in ms, doubled per retry with jitter (default 500). */
  backoffMs?: number;
  /** Longest wait before a retry in ms (default 5000); a Retry-After beyond it drops the batch and pauses the sender until then. */
  maxBackoffMs?: number;
  /** Longest wait for one POST in ms (default 10000). */
  timeoutMs?: number;
  /** The fetch to post with (default the global one). */
  fetch?: typeof fetch;
  /** `json` (default, `application/json`) or `protobuf` (`application/x-protobuf`), as the collector prefers. */
  encoding?: 'json' | 'protobuf';
}

/** Why a batch did not reach the collector (handed to `onError`). */
export class OtlpExportError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'OtlpExportError';
  }
}

/** Posts one body, retrying as the options say; resolves with null when the collector took it, else the last error. */
export interface OtlpSender {
  post(path: string, body: unknown): Promise<OtlpExportError | null>;
  /** Until when (ms since the epoch) the collector asked not to be called; sends wait in the queue meanwhile. */
  pausedUntil(): number;
}

const RETRYABLE = new Set([429, 502, 503, 504]);

function count(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min)
    throw new TypeError(`OTLP export "${name}" must be an integer >= ${min}, got ${String(value)}`);
  return value;
}

/** The collector's base URL without a trailing slash; throws a TypeError when it is not an absolute http(s) URL. */
export function otlpEndpoint(endpoint: string | undefined): string {
  const value = endpoint ?? 'http://localhost:4318';
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {}
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new TypeError(
      `OTLP export "endpoint" must be an absolute http(s) URL such as http://127.0.0.1:4318, got ${JSON.stringify(value)}`,
    );
  return value.replace(/\/+$/, '');
}

/** Milliseconds a Retry-After header asks to wait (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Creates the sender every OTLP signal of one exporter shares. */
export function createOtlpSender(options: OtlpSenderOptions = {}): OtlpSender {
  const base = otlpEndpoint(options.endpoint);
  const maxRetries = count('maxRetries', options.maxRetries ?? 3, 0);
  const backoff = count('backoffMs', options.backoffMs ?? 500, 1);
  const maxBackoff = count('maxBackoffMs', options.maxBackoffMs ?? 5000, 1);
  const timeout = count('timeoutMs', options.timeoutMs ?? 10_000, 1);
  const post = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const encoding = options.encoding ?? 'json';
  if (encoding !== 'json' && encoding !== 'protobuf')
    throw new TypeError(`OTLP export "encoding" must be "json" or "protobuf", got ${JSON.stringify(encoding)}`);
  const protobuf = encoding === 'protobuf';
  const headers = { 'content-type': protobuf ? 'application/x-protobuf' : 'application/json', ...options.headers };
  let paused = 0;

  async function attempt(
    url: string,
    body: string | Uint8Array<ArrayBuffer>,
  ): Promise<{ error: OtlpExportError | null; waitMs: number | null }> {
    try {
      const response = await post(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeout) });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return { error: null, waitMs: null };
      const error = new OtlpExportError(`OTLP collector answered ${response.status} at ${url}`, response.status);
      if (!RETRYABLE.has(response.status)) return { error, waitMs: -1 };
      return { error, waitMs: retryAfterMs(response.headers.get('retry-after')) };
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      return { error: new OtlpExportError(`OTLP collector at ${url} unreachable: ${reason}`, null), waitMs: null };
    }
  }

  return {
    pausedUntil: () => paused,
    async post(path, payload) {
      const url = base + path;
      const body = protobuf ? encodeOtlpProtobuf(path, payload) : JSON.stringify(payload);
      for (let retry = 0; ; retry++) {
        const { error, waitMs } = await attempt(url, body);
        if (error === null || waitMs === -1) return error;
        if (waitMs !== null && waitMs > maxBackoff) {
          paused = Date.now() + waitMs;
          return error;
        }
        if (retry >= maxRetries) return error;
        const jittered = Math.min(maxBackoff, backoff * 2 ** retry * (0.5 + Math.random() / 2));
        await sleep(waitMs ?? jittered);
      }
    },
  };
}
