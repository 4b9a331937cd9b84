import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import { healthCheck, SHUTTING_DOWN_STATE_KEY } from '../../src/health';

/** An operator's request: check details are shown to a caller with the token (`app.request` has no peer address). */
const TOKEN = 'health-test-token';

async function get(app: Fw, path: string) {
  const res = await app.request(path, { headers: { authorization: `Bearer ${TOKEN}` } });
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') };
}

describe('healthCheck', () => {
  it('/health is 200 healthy with every check, /live and /ready answer, all no-store', async () => {
    const app = new Fw();
    await app.plugin(healthCheck({ token: TOKEN, checks: { db: async () => true, cache: () => true } }));
    const health = await get(app, '/health');
    expect(health.status).toBe(200);
    expect(health.cache).toBe('no-store');
    expect(health.body.status).toBe('healthy');
    expect(health.body.checks.db).toMatchObject({ status: 'healthy' });
    expect(typeof health.body.checks.db.durationMs).toBe('number');
    expect(await get(app, '/live')).toEqual({ status: 200, body: { alive: true }, cache: 'no-store' });
    expect(await get(app, '/ready')).toEqual({ status: 200, body: { ready: true }, cache: 'no-store' });
  });

  it('a failing, false or hanging check makes /health and /ready 503 with the reason', async () => {
    const app = new Fw();
    await app.plugin(
      healthCheck({
        token: TOKEN,
        timeout: 50,
        checks: {
          ok: () => true,
          down: async () => {
            throw new Error('connection refused');
          },
          no: () => false,
          hang: () => new Promise(() => {}),
        },
      }),
    );
    const health = await get(app, '/health');
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('unhealthy');
    expect(health.body.checks.ok.status).toBe('healthy');
    expect(health.body.checks.down).toMatchObject({ status: 'unhealthy', error: 'connection refused' });
    expect(health.body.checks.no).toMatchObject({ status: 'unhealthy', error: 'check returned false' });
    expect(health.body.checks.hang).toMatchObject({ status: 'unhealthy', error: 'timed out after 50 ms' });
    const ready = await get(app, '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.ready).toBe(false);
    expect((await get(app, '/live')).status).toBe(200);
  });

  it('/ready is 503 while the app shuts down', async () => {
    const app = new Fw();
    await app.plugin(healthCheck());
    app.setState(SHUTTING_DOWN_STATE_KEY, true);
    expect(await get(app, '/ready')).toEqual({ status: 503, body: { ready: false, reason: 'shutting down' }, cache: 'no-store' });
  });

  it('custom paths', async () => {
    const app = new Fw();
    await app.plugin(healthCheck({ paths: { health: '/_h', live: '/_l', ready: '/_r' } }));
    expect((await get(app, '/_h')).body).toEqual({ status: 'healthy' });
    expect((await app.request('/health')).status).toBe(404);
  });

  it.each([
    [{ checks: { db: 'yes' } }, /check "db" must be a function/],
    [{ checks: [] }, /"checks" must be an object/],
    [{ timeout: 0 }, /"timeout" must be a positive number/],
    [{ timeout: 'x' }, /"timeout"/],
  ])('rejects %j', (options, message) => {
    expect(() => healthCheck(options as never)).toThrow(message);
  });
});
