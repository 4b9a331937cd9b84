import { afterEach, describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import {
  apiCircuitBreaker,
  circuitBreakerPlugin,
  criticalCircuitBreaker,
  dbCircuitBreaker,
  existingCircuitBreakerRegistry,
  getCircuitBreakerRegistry,
  resetCircuitBreakerRegistry,
} from '../../src/circuit-breaker';

afterEach(() => resetCircuitBreakerRegistry());

describe('registry and presets', () => {
  it('presets register in the global registry with their defaults and overrides', () => {
    const api = apiCircuitBreaker('payments');
    const db = dbCircuitBreaker('pg', { threshold: 7 });
    const critical = criticalCircuitBreaker('auth');
    expect(api.options).toMatchObject({ threshold: 5, windowMs: 60_000, recoveryTimeout: 30_000, timeout: 10_000 });
    expect(db.options.threshold).toBe(7);
    expect(critical.options.threshold).toBe(2);
    const registry = getCircuitBreakerRegistry();
    expect(registry.list().map((b) => b.name)).toEqual(['payments', 'pg', 'auth']);
    expect(apiCircuitBreaker('payments')).toBe(api);
    expect(Object.keys(registry.metrics())).toEqual(['payments', 'pg', 'auth']);
  });

  it('reset by name reports whether the breaker exists; resetCircuitBreakerRegistry empties it', async () => {
    const b = dbCircuitBreaker('pg', { threshold: 1 });
    await b.execute(() => Promise.reject(new Error('down'))).catch(() => undefined);
    expect(b.state).toBe('OPEN');
    expect(getCircuitBreakerRegistry().reset('pg')).toBe(true);
    expect(b.state).toBe('CLOSED');
    expect(getCircuitBreakerRegistry().reset('missing')).toBe(false);
    resetCircuitBreakerRegistry();
    expect(getCircuitBreakerRegistry().list()).toEqual([]);
  });

  it('existingCircuitBreakerRegistry reads the process-wide registry the presets fill, and the one a reset puts in', () => {
    const api = apiCircuitBreaker('payments');
    expect(existingCircuitBreakerRegistry()).toBe(getCircuitBreakerRegistry());
    expect(existingCircuitBreakerRegistry()?.find('payments')).toBe(api);
    resetCircuitBreakerRegistry();
    expect(existingCircuitBreakerRegistry()).toBe(getCircuitBreakerRegistry());
    expect(existingCircuitBreakerRegistry()?.list()).toEqual([]);
  });
});

describe('ctx.circuitBreaker', () => {
  it('guards handler calls; an OPEN breaker becomes a 503 with Retry-After', async () => {
    const app = new Fw();
    await app.plugin(circuitBreakerPlugin({ breakers: { upstream: { threshold: 2, recoveryTimeout: 10_000 } } }));
    let up = false;
    app.get('/call', (ctx: any) =>
      ctx.circuitBreaker('upstream', async () => {
        if (!up) throw Object.assign(new Error('upstream down'), { status: 502 });
        return { ok: true };
      }),
    );
    expect((await app.request('/call')).status).toBe(502);
    expect((await app.request('/call')).status).toBe(502);
    up = true;
    const refused = await app.request('/call');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await refused.json()).toMatchObject({ code: 'CIRCUIT_OPEN' });
    expect(getCircuitBreakerRegistry().find('upstream')?.state).toBe('OPEN');
  });

  it('a missing breaker name is a clear 500 in development, not a crash', async () => {
    const app = new Fw({ development: true });
    await app.plugin(circuitBreakerPlugin());
    app.get('/bad', (ctx: any) => ctx.circuitBreaker('', () => 1));
    const res = await app.request('/bad');
    expect(res.status).toBe(500);
    expect((await res.json()).error).toMatch(/needs a breaker name/);
  });
});
