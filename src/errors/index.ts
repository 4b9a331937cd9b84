export { classifyError, type ClassifiedError, type ErrorCategory } from './classify';
export { toErrorResponse } from './response';
export { computeBackoff, type BackoffOptions } from './backoff';
export { retry, defaultShouldRetry, type RetryOptions } from './retry';
export { tryCatch, type TryResult } from './try-catch';
export { withErrorBoundary, type BoundaryOptions } from './with-boundary';
export { errorBoundary, type ErrorBoundaryOptions, type ContextErrorBoundary } from './boundary';
