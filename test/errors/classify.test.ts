import { describe, expect, it } from 'vitest';
import { classifyError } from '../../src/errors';
import { CircuitBreakerError } from '../../src/circuit-breaker';
import { ConflictError, FatalError, HttpError, NotFoundError, UnauthorizedError } from '../../src/core/errors';
import { ValidationException } from '../../src/schema/validation';

describe('classifyError', () => {
  it.each([
    [new ValidationException([]), 'validation', 400, false, true],
    [new NotFoundError(), 'not_found', 404, false, true],
    [new UnauthorizedError(), 'auth', 401, false, true],
    [new ConflictError(), 'conflict', 409, false, true],
    [new HttpError(429), 'rate_limit', 429, true, true],
    [new HttpError(503), 'server', 503, true, true],
    [new HttpError(501), 'server', 501, false, true],
    [new CircuitBreakerError('db', 'OPEN', 1000), 'circuit_open', 503, true, true],
    [new FatalError('disk gone'), 'fatal', 500, false, true],
    [Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }), 'network', 502, true, false],
    [new TypeError('fetch failed'), 'network', 502, true, false],
    [new TypeError('x is not a function'), 'programming', 500, false, false],
    [new Error('something'), 'unknown', 500, true, false],
    [new DOMException('slow', 'TimeoutError'), 'timeout', 504, true, true],
    [new DOMException('stopped', 'AbortError'), 'aborted', 500, false, false],
  ])('%s -> %s %i', (error, category, status, retryable, expose) => {
    expect(classifyError(error)).toMatchObject({ category, status, retryable, expose });
  });

  it("the error's own retryable flag and code win", () => {
    const c = classifyError(new HttpError(500, 'x', { retryable: false, code: 'MY_CODE' }));
    expect(c).toMatchObject({ retryable: false, code: 'MY_CODE' });
  });

  it('non-Error values are classified, not thrown on', () => {
    expect(classifyError('plain string')).toMatchObject({ category: 'unknown', status: 500, message: 'plain string' });
    expect(classifyError(null)).toMatchObject({ category: 'unknown', message: 'null' });
    expect(classifyError({ status: 'nope' })).toMatchObject({ status: 500 });
    expect(classifyError({ status: 9000 })).toMatchObject({ status: 500 });
  });
});
