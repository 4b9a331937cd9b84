import { SystemError } from '../core/errors';
import type { DatabaseType } from './types';

const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'PROTOCOL_CONNECTION_LOST',
]);

/** Details of a database SystemError: the engine and the driver's own code (SQLSTATE, SQLITE_*, ER_*). */
export interface DatabaseErrorDetails {
  engine: DatabaseType;
  code: string | null;
  [extra: string]: unknown;
}

/** Turns a driver failure into a SystemError carrying the engine's code; unreachable servers are 503 and retryable. */
export function databaseError(engine: DatabaseType, error: unknown, extra: Record<string, unknown> = {}): SystemError {
  if (error instanceof SystemError && (error.details as DatabaseErrorDetails | undefined)?.engine) return error;
  const code = driverCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const unreachable = code !== null && connectionCodes.has(code);
  const details: DatabaseErrorDetails = { engine, code, ...extra };
  return new SystemError(`${engine} error${code ? ` ${code}` : ''}: ${message}`, {
    errorId: crypto.randomUUID(),
    code: unreachable ? 'DB_UNAVAILABLE' : 'DB_ERROR',
    status: unreachable ? 503 : 500,
    retryable: unreachable,
    details,
    cause: error,
  });
}

/** The driver's error code: `code` (postgres SQLSTATE, mysql ER_*, sqlite SQLITE_*), or SQLITE_* found in a D1 message. */
export function driverCode(error: unknown): string | null {
  const e = error as { code?: unknown; errno?: unknown; cause?: unknown; message?: unknown } | null;
  if (e && typeof e.code === 'string' && e.code) return e.code;
  const fromMessage = typeof e?.message === 'string' ? /\b(SQLITE_[A-Z_]+)\b/.exec(e.message)?.[1] : undefined;
  if (fromMessage) return fromMessage;
  if (e?.cause && e.cause !== error) return driverCode(e.cause);
  return null;
}
