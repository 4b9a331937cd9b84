import { SystemError } from '../core/errors';
import type { DatabaseType } from './types';

/** How long a named lock is waited for when no limit is given: 10 minutes, room for a long migration of another instance. */
export const DEFAULT_LOCK_TIMEOUT = 600_000;

/** Checks a lock wait limit given by the developer (a positive number of ms), failing at startup rather than at the first wait. */
export function checkLockTimeout(value: unknown, option: string): number {
  if (value === undefined) return DEFAULT_LOCK_TIMEOUT;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(
      `${option} must be a positive number of milliseconds (default ${DEFAULT_LOCK_TIMEOUT}, 10 minutes); got ${String(value)}`,
    );
  }
  return value;
}

/** The 503 for a named lock still held by another connection after `ms`: retryable, so a caller may try again later. */
export function lockTimeoutError(engine: DatabaseType, lock: string, ms: number, cause?: unknown): SystemError {
  return new SystemError(`${engine}: lock "${lock}" is still held by another connection after waiting ${ms} ms (lockTimeout)`, {
    errorId: crypto.randomUUID(),
    code: 'DB_LOCK_TIMEOUT',
    status: 503,
    retryable: true,
    details: { engine, code: 'DB_LOCK_TIMEOUT', lock, waitedMs: ms },
    cause,
  });
}
