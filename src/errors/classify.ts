/** What kind of failure an error is; decides its status, whether to show its message, and whether to retry. */
export type ErrorCategory =
  | 'validation'
  | 'client'
  | 'auth'
  | 'not_found'
  | 'conflict'
  | 'rate_limit'
  | 'timeout'
  | 'circuit_open'
  | 'network'
  | 'server'
  | 'fatal'
  | 'aborted'
  | 'programming'
  | 'unknown';

/** The result of `classifyError`: one place that knows how fw treats each kind of error. */
export interface ClassifiedError {
  category: ErrorCategory;
  /** The HTTP status to answer with. */
  status: number;
  /** A stable machine-readable code (the error's own `code` when it has one). */
  code: string;
  message: string;
  /** Whether trying again may succeed (the error's own `retryable` wins). */
  retryable: boolean;
  /** Whether the message is safe to show to clients (4xx and fw's own errors). */
  expose: boolean;
  error: unknown;
}

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const programmingErrors = new Set(['TypeError', 'RangeError', 'ReferenceError', 'SyntaxError']);

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  code?: unknown;
  retryable?: unknown;
  errorId?: unknown;
  cause?: unknown;
}

function byStatus(status: number): [ErrorCategory, boolean] {
  if (status === 401 || status === 403) return ['auth', false];
  if (status === 404 || status === 410) return ['not_found', false];
  if (status === 409) return ['conflict', false];
  if (status === 429) return ['rate_limit', true];
  if (status === 408 || status === 504) return ['timeout', true];
  if (status === 422) return ['validation', false];
  if (status < 500) return ['client', false];
  return ['server', status !== 501 && status !== 505];
}

type Verdict = [category: ErrorCategory, status: number, retryable: boolean];

function byName(name: string, status: number | null): Verdict | null {
  if (name === 'ValidationException') return ['validation', status ?? 400, false];
  if (name === 'CircuitBreakerError') return ['circuit_open', 503, true];
  if (name === 'FatalError') return ['fatal', 500, false];
  if (name === 'TimeoutError' || name === 'CircuitTimeoutError') return ['timeout', status ?? 504, true];
  if (name === 'AbortError') return ['aborted', status ?? 500, false];
  return null;
}

function isNetworkError(e: ErrorLike, name: string): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  const cause = e.cause as ErrorLike | undefined;
  const causeCode = typeof cause?.code === 'string' ? cause.code : '';
  return networkCodes.has(code) || networkCodes.has(causeCode) || (name === 'TypeError' && e.message === 'fetch failed');
}

function verdict(e: ErrorLike, status: number | null): Verdict {
  const name = typeof e.name === 'string' ? e.name : '';
  const named = byName(name, status);
  if (named) return named;
  if (status !== null) {
    const [category, retryable] = byStatus(status);
    return [category, status, retryable];
  }
  if (isNetworkError(e, name)) return ['network', 502, true];
  if (programmingErrors.has(name)) return ['programming', 500, false];
  return ['unknown', 500, true];
}

const exposed = new Set<ErrorCategory>(['validation', 'circuit_open', 'timeout', 'fatal']);

/** Classifies any thrown value: category, status, code, message, whether it is retryable and safe to show. */
export function classifyError(error: unknown): ClassifiedError {
  const e: ErrorLike = typeof error === 'object' && error !== null ? (error as ErrorLike) : { message: String(error) };
  const status = typeof e.status === 'number' && e.status >= 400 && e.status <= 599 ? e.status : null;
  const [category, finalStatus, inferred] = verdict(e, status);
  return {
    category,
    status: finalStatus,
    code: typeof e.code === 'string' && e.code ? e.code : category.toUpperCase(),
    message: typeof e.message === 'string' && e.message ? e.message : String(error),
    retryable: typeof e.retryable === 'boolean' ? e.retryable : inferred,
    expose: e.errorId === undefined && (status !== null || exposed.has(category)),
    error,
  };
}
