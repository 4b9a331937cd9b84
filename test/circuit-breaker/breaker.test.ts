import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CircuitBreaker, CircuitBreakerError, CircuitTimeoutError, type CircuitState } from '../../src/circuit-breaker';

const fail = () => Promise.reject(new Error('boom'));
const ok = () => Promise.resolve('ok');

async function failTimes(breaker: CircuitBreaker<any>, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await expect(breaker.execute(fail)).rejects.toThrow('boom');
}

describe('CircuitBreaker states (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('opens after threshold failures inside the window and refuses calls with CircuitBreakerError', async () => {
    const changes: [CircuitState, number][] = [];
    const breaker = new CircuitBreaker({
      name: 'svc',
      threshold: 3,
      windowMs: 1000,
      onStateChange: (s, m) => changes.push([s, m.failures]),
    });
    await failTimes(breaker, 2);
    expect(breaker.state).toBe('CLOSED');
    await failTimes(breaker, 1);
    expect(breaker.state).toBe('OPEN');
    expect(changes).toEqual([['OPEN', 3]]);
    const called = vi.fn(ok);
    const error: any = await breaker.execute(called).catch((e: any) => e);
    expect(called).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(CircuitBreakerError);
    expect(error.breakerName).toBe('svc');
    expect(error.circuitState).toBe('OPEN');
    expect(error.status).toBe(503);
    expect(error.headers['retry-after']).toBe('30');
    expect(breaker.metrics().rejected).toBe(1);
  });

  it('forgets failures that slide out of the window', async () => {
    const breaker = new CircuitBreaker({ name: 'svc', threshold: 3, windowMs: 1000 });
    await failTimes(breaker, 2);
    vi.advanceTimersByTime(1001);
    expect(breaker.metrics().failures).toBe(0);
    await failTimes(breaker, 2);
    expect(breaker.state).toBe('CLOSED');
    await failTimes(breaker, 1);
    expect(breaker.state).toBe('OPEN');
  });

  it('becomes HALF_OPEN after recoveryTimeout; a probe success closes it with zeroed window', async () => {
    const breaker = new CircuitBreaker({ name: 'svc', threshold: 1, recoveryTimeout: 5000 });
    await failTimes(breaker, 1);
    vi.advanceTimersByTime(4999);
    expect(breaker.state).toBe('OPEN');
    vi.advanceTimersByTime(1);
    expect(breaker.state).toBe('HALF_OPEN');
    await expect(breaker.execute(ok)).resolves.toBe('ok');
    expect(breaker.state).toBe('CLOSED');
    expect(breaker.metrics().failures).toBe(0);
  });

  it('a probe failure reopens it for another recoveryTimeout', async () => {
    const states: CircuitState[] = [];
    const breaker = new CircuitBreaker({ name: 'svc', threshold: 1, recoveryTimeout: 5000, onStateChange: (s) => states.push(s) });
    await failTimes(breaker, 1);
    vi.advanceTimersByTime(5000);
    await failTimes(breaker, 1);
    expect(breaker.state).toBe('OPEN');
    expect(breaker.metrics().nextAttemptAt).toBe(Date.now() + 5000);
    expect(states).toEqual(['OPEN', 'HALF_OPEN', 'OPEN']);
  });

  it('HALF_OPEN admits exactly one probe at a time; the others get the fallback', async () => {
    const fallback = vi.fn((name: string) => `fallback:${name}`);
    const breaker = new CircuitBreaker({ name: 'svc', threshold: 1, recoveryTimeout: 100, fallback });
    await failTimes(breaker, 1);
    vi.advanceTimersByTime(100);
    let finish!: (v: string) => void;
    const probe = breaker.execute(
      () =>
        new Promise<string>((r) => {
          finish = r;
        }),
    );
    const second = vi.fn(ok);
    await expect(breaker.execute(second)).resolves.toBe('fallback:svc');
    expect(second).not.toHaveBeenCalled();
    finish('probe done');
    await expect(probe).resolves.toBe('probe done');
    expect(breaker.state).toBe('CLOSED');
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(breaker.metrics().fallbacks).toBe(1);
  });

  it('HALF_OPEN without fallback refuses concurrent calls with a HALF_OPEN CircuitBreakerError', async () => {
    const breaker = new CircuitBreaker({ name: 'svc', threshold: 1, recoveryTimeout: 100 });
    await failTimes(breaker, 1);
    vi.advanceTimersByTime(100);
    let finish!: () => void;
    const probe = breaker.execute(
      () =>
        new Promise<void>((r) => {
          finish = r;
        }),
    );
    const error: any = await breaker.execute(ok).catch((e: any) => e);
    expect(error).toBeInstanceOf(CircuitBreakerError);
    expect(error.circuitState).toBe('HALF_OPEN');
    finish();
    await probe;
  });

  it('while OPEN answers with fallback(name) when set', async () => {
    const breaker = new CircuitBreaker({ name: 'cache', threshold: 1, fallback: async (name) => ({ from: name }) });
    await failTimes(breaker, 1);
    await expect(breaker.execute(ok)).resolves.toEqual({ from: 'cache' });
  });

  it('a call past its timeout counts as a failure and its late result is ignored', async () => {
    const breaker = new CircuitBreaker({ name: 'slow', threshold: 1, timeout: 50 });
    let late!: (v: string) => void;
    const call = breaker.execute(
      () =>
        new Promise<string>((r) => {
          late = r;
        }),
    );
    vi.advanceTimersByTime(50);
    const error = await call.catch((e: any) => e);
    expect(error).toBeInstanceOf(CircuitTimeoutError);
    late('too late');
    expect(breaker.state).toBe('OPEN');
    expect(breaker.metrics()).toMatchObject({ timeouts: 1, totalFailures: 1, totalSuccesses: 0 });
  });

  it('shouldTrip decides which errors count', async () => {
    const breaker = new CircuitBreaker({ name: 'svc', threshold: 1, shouldTrip: (e) => (e as { status?: number }).status !== 404 });
    await expect(breaker.execute(() => Promise.reject(Object.assign(new Error('nf'), { status: 404 })))).rejects.toThrow('nf');
    expect(breaker.state).toBe('CLOSED');
    await failTimes(breaker, 1);
    expect(breaker.state).toBe('OPEN');
  });

  it('reset returns to CLOSED with zeroed counts', async () => {
    const breaker = new CircuitBreaker({ name: 'svc', threshold: 1 });
    await failTimes(breaker, 1);
    await breaker.execute(ok).catch(() => undefined);
    breaker.reset();
    expect(breaker.metrics()).toMatchObject({
      state: 'CLOSED',
      failures: 0,
      totalCalls: 0,
      totalFailures: 0,
      rejected: 0,
      nextAttemptAt: null,
    });
    await expect(breaker.execute(ok)).resolves.toBe('ok');
  });

  it('a synchronous throw counts as a failure; a throwing onStateChange does not change the outcome', async () => {
    const breaker = new CircuitBreaker({
      name: 'svc',
      threshold: 1,
      onStateChange: () => {
        throw new Error('listener');
      },
    });
    await expect(
      breaker.execute(() => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(breaker.state).toBe('OPEN');
  });
});

describe('CircuitBreaker bad inputs', () => {
  it.each([
    [{}, /non-empty string "name"/],
    [{ name: '' }, /non-empty string "name"/],
    [{ name: 'x', threshold: 0 }, /"threshold" must be a positive integer/],
    [{ name: 'x', threshold: 1.5 }, /"threshold" must be a positive integer/],
    [{ name: 'x', windowMs: -1 }, /"windowMs" must be a positive number/],
    [{ name: 'x', recoveryTimeout: Number.NaN }, /"recoveryTimeout"/],
    [{ name: 'x', timeout: 0 }, /"timeout"/],
    [{ name: 'x', fallback: 'nope' }, /"fallback" must be a function/],
  ])('rejects %j', (options, message) => {
    expect(() => new CircuitBreaker(options as never)).toThrow(message);
  });

  it('execute() without a function is a clear TypeError', async () => {
    await expect(new CircuitBreaker({ name: 'x' }).execute('nope' as never)).rejects.toThrow(/needs a function/);
  });
});
