import { HttpError } from '../core/errors';
import type { ValidationError } from './validation-errors';

/** The outcome of validating: the (possibly coerced) value and the errors, empty when valid. */
export interface ValidationResult<T = unknown> {
  valid: boolean;
  value: T;
  errors: ValidationError[];
}

/**
 * Thrown when data fails its schema: an `HttpError` (400, `code: 'VALIDATION_ERROR'`, `details` = the error list), so
 * `onError` hooks that test `instanceof HttpError` see it. (`ValidationError` is the type of one entry of the list.)
 */
export class ValidationException extends HttpError {
  declare readonly details: ValidationError[];

  constructor(errors: ValidationError[], message = 'Validation failed') {
    super(400, message, { code: 'VALIDATION_ERROR', details: errors });
    this.stack = undefined; // the request's mistake: fw's own frames would tell a developer nothing (no stack in development bodies)
  }

  /** The error list (the same array as `details`). */
  get errors(): ValidationError[] {
    return this.details;
  }
}
