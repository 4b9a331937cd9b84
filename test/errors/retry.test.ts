import { describe, expect, it, vi } from 'vitest';
import { computeBackoff, defaultShouldRetry, retry, tryCatch } from '../../src/errors';
import { HttpError, NotFoundError } from '../../src/core/errors';

describe('computeBackoff', () => {
  it('grows exponentially up to maxDelayMs without jitter', () => {
    const o = { baseDelayMs: 100, maxDelayMs: 1000, jitter: 'none' as const };
    expect([0, 1, 2, 3, 4, 10].map((a) => computeBackoff(a, o))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('full jitter picks in [0, cap] from the random source', () => {
    expect(computeBackoff(2, { baseDelayMs: 100, random: () => 0.5 })).toBe(200);
    expect(computeBackoff(2, { baseDelayMs: 100, random: () => 0 })).toBe(0);
    expect(computeBackoff(20, { baseDelayMs: 100, maxDelayMs: 5000, random: () => 0.999 })).toBe(4995);
  });

  it.each([
    [-1, {}],
    [0, { baseDelayMs: -5 }],
    [0, { factor: 0.5 }],
    [0, { maxDelayMs: Number.NaN }],
    [0, { jitter: 'half' }],
  ])('rejects bad input attempt=%s %j', (attempt, options) => {
    expect(() => computeBackoff(attempt, options as never)).toThrow(TypeError);
  });
});

describe('defaultShouldRetry', () => {
  it('retries 5xx, 429, network errors; not 4xx or explicit retryable false', () => {
    expect(defaultShouldRetry(new HttpError(503))).toBe(true);
    expect(defaultShouldRetry(new HttpError(429))).toBe(true);
    expect(defaultShouldRetry(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(true);
    expect(defaultShouldRetry(new NotFoundError())).toBe(false);
    expect(defaultShouldRetry(new HttpError(500, 'x', { retryable: false }))).toBe(false);
  });
});

describe('retry', () => {
  it('retries until success and reports each wait', async () => {
    const onRetry = vi.fn();
    let calls = 0;
    const value = await retry(
      async (attempt) => {
        calls++;
        if (attempt < 2) throw new HttpError(503);
        return 'done';
      },
      { baseDelayMs: 1, random: () => 1, jitter: 'full', onRetry },
    );
    expect(value).toBe('done');
    expect(calls).toBe(3);
    expect(onRetry.mock.calls.map((c) => [c[1], c[2]])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('throws the last error after `retries` retries', async () => {
    let calls = 0;
    await expect(
      retry(
        () => {
          calls++;
          throw new HttpError(500, `fail ${calls}`);
        },
        { retries: 2, baseDelayMs: 0 },
      ),
    ).rejects.toThrow('fail 3');
    expect(calls).toBe(3);
  });

  it('does not retry errors shouldRetry refuses', async () => {
    let calls = 0;
    await expect(
      retry(
        () => {
          calls++;
          throw new NotFoundError();
        },
        { baseDelayMs: 0 },
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(calls).toBe(1);
  });

  it('stops when the signal aborts during a wait', async () => {
    const controller = new AbortController();
    const run = retry(
      () => {
        throw new HttpError(503);
      },
      { baseDelayMs: 60_000, jitter: 'none', signal: controller.signal, onRetry: () => controller.abort(new Error('cancelled')) },
    );
    await expect(run).rejects.toThrow('cancelled');
  });

  it('rejects bad options with clear errors', async () => {
    await expect(retry('x' as never)).rejects.toThrow(/needs a function/);
    await expect(retry(() => 1, { retries: -1 })).rejects.toThrow(/"retries"/);
    await expect(retry(() => 1, { baseDelayMs: -1 })).rejects.toThrow(/"baseDelayMs"/);
  });
});

describe('tryCatch', () => {
  it('returns ok with the value, or the error', async () => {
    expect(await tryCatch(() => 42)).toEqual({ ok: true, value: 42 });
    expect(await tryCatch(async () => 'a')).toEqual({ ok: true, value: 'a' });
    const failed = await tryCatch(() => {
      throw new Error('no');
    });
    expect(failed.ok).toBe(false);
    expect(!failed.ok && (failed.error as Error).message).toBe('no');
    expect(await tryCatch(Promise.reject(new Error('p')))).toMatchObject({ ok: false });
  });
});
