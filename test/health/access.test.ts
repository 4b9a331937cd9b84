/**
 * Who sees health details, in process: a real Redis check against a closed port (127.0.0.1:1) fails with
 * ECONNREFUSED; callers get a peer address with `assignPeerAddress`, as a target would give them.
 */
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { assignPeerAddress, Fw, healthCheck, healthDashboard, trustProxy, type HealthCheckOptions } from 'fw';

/** Pings Redis on 127.0.0.1:1, where nothing listens: the error is ioredis's "connect ECONNREFUSED 127.0.0.1:1". */
async function redisCheck(): Promise<boolean> {
  const redis = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let cause: unknown;
  redis.on('error', (error) => {
    cause ??= error;
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch (error) {
    throw cause ?? error; // ioredis rejects with "Connection is closed."; the socket error says why
  } finally {
    redis.disconnect();
  }
}

async function appWith(options: HealthCheckOptions = {}, dashboard = {}): Promise<Fw> {
  const app = new Fw({ logErrors: false });
  await app.plugin(healthCheck({ checks: { redis: redisCheck }, ...options }));
  await app.plugin(healthDashboard(dashboard));
  return app;
}

/** A request from `peer` (null: none, as `app.request`). */
async function call(app: Fw, path: string, peer: string | null, headers: Record<string, string> = {}) {
  const request = new Request(`http://app.test${path}`, { headers });
  if (peer !== null) assignPeerAddress(request, peer);
  const response = await app.fetch(request);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

describe('health details for an unauthorized caller', () => {
  it('gives a remote caller the status only, never the ECONNREFUSED text; the probes still answer 503', async () => {
    const app = await appWith({ token: 'ops-token' });
    const local = await call(app, '/health', '127.0.0.1');
    expect(JSON.parse(local.text).checks.redis.error).toMatch(/ECONNREFUSED 127\.0\.0\.1:1/);
    for (const peer of ['203.0.113.9', null]) {
      const health = await call(app, '/health', peer);
      expect(health).toMatchObject({ status: 503, text: '{"status":"unhealthy"}' });
      const ready = await call(app, '/ready', peer);
      expect(ready).toMatchObject({ status: 503, text: '{"ready":false}' });
      expect((await call(app, '/live', peer)).status).toBe(200);
    }
  });

  it('does not take X-Forwarded-For, Forwarded or CF-Connecting-IP from a remote peer as loopback', async () => {
    const app = await appWith();
    const spoofs: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'cf-connecting-ip': '127.0.0.1' },
    ];
    for (const headers of spoofs) {
      expect((await call(app, '/health', '203.0.113.9', headers)).text).toBe('{"status":"unhealthy"}');
      expect((await call(app, '/__fw/health.json', '203.0.113.9', headers)).status).toBe(401);
    }
  });

  it('does not count a loopback peer that forwards a request (a local reverse proxy) without trustProxy()', async () => {
    const app = await appWith();
    expect((await call(app, '/health', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).text).toBe('{"status":"unhealthy"}');
    expect((await call(app, '/__fw/health', '::1', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(401);
  });

  it('with trustProxy(), judges the client the trusted proxy names', async () => {
    const app = new Fw({ logErrors: false });
    app.use(trustProxy());
    await app.plugin(healthCheck({ checks: { redis: redisCheck } }));
    expect((await call(app, '/health', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).text).toBe('{"status":"unhealthy"}');
    expect(JSON.parse((await call(app, '/health', '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).text).checks.redis.status).toBe(
      'unhealthy',
    );
    // A remote peer is not a trusted proxy: its X-Forwarded-For is ignored.
    expect((await call(app, '/health', '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).text).toBe('{"status":"unhealthy"}');
  });

  it('never shows details with details: "never", always with details: "always"', async () => {
    const never = await appWith({ details: 'never', token: 'ops-token' });
    expect((await call(never, '/health', '127.0.0.1', { authorization: 'Bearer ops-token' })).text).toBe('{"status":"unhealthy"}');
    const always = await appWith({ details: 'always' });
    expect(JSON.parse((await call(always, '/ready', '203.0.113.9')).text).checks.redis.error).toMatch(/ECONNREFUSED/);
  });
});

describe('authorized callers', () => {
  it('a loopback peer (127.0.0.0/8, ::1, IPv4-mapped) sees details unless loopback: false', async () => {
    const app = await appWith();
    for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(JSON.parse((await call(app, '/health', peer)).text).checks.redis.status).toBe('unhealthy');
    }
    const strict = await appWith({ loopback: false });
    expect((await call(strict, '/health', '127.0.0.1')).text).toBe('{"status":"unhealthy"}');
  });

  it('a remote caller with the Bearer token sees details; a wrong or differently sent token does not', async () => {
    const app = await appWith({ token: 'ops-token' });
    const good = await call(app, '/health', '203.0.113.9', { authorization: 'bearer ops-token' });
    expect(JSON.parse(good.text).checks.redis.error).toMatch(/ECONNREFUSED 127\.0\.0\.1:1/);
    for (const authorization of ['Bearer ops-tokeN', 'Bearer ops-token2', 'Basic b3BzLXRva2Vu', 'ops-token', 'Bearer ']) {
      expect((await call(app, '/health', '203.0.113.9', { authorization })).text).toBe('{"status":"unhealthy"}');
    }
  });

  it('a token function reads the token per request (undefined or "" accepts none)', async () => {
    let current: string | undefined = 'rotating';
    const app = await appWith({ token: () => current });
    const asked = () => call(app, '/health', '203.0.113.9', { authorization: 'Bearer rotating' });
    expect(JSON.parse((await asked()).text).checks).toBeDefined();
    current = undefined;
    expect((await asked()).text).toBe('{"status":"unhealthy"}');
    current = '';
    expect((await call(app, '/health', '203.0.113.9', { authorization: 'Bearer ' })).text).toBe('{"status":"unhealthy"}');
  });

  it("the app's own guard (authorize) decides for remote callers; a throwing guard counts as no", async () => {
    const app = await appWith({ authorize: (ctx) => ctx.header('cookie') === 'session=admin' });
    expect(JSON.parse((await call(app, '/health', '203.0.113.9', { cookie: 'session=admin' })).text).checks).toBeDefined();
    expect((await call(app, '/health', '203.0.113.9', { cookie: 'session=guest' })).text).toBe('{"status":"unhealthy"}');
    const throwing = await appWith({
      authorize: async () => {
        throw new Error('session store down');
      },
    });
    expect(await call(throwing, '/health', '203.0.113.9')).toMatchObject({ status: 503, text: '{"status":"unhealthy"}' });
  });
});

describe('the dashboard', () => {
  it('refuses a remote caller with 401 and a Bearer challenge; admits loopback and the token', async () => {
    const app = await appWith({ token: 'ops-token' });
    for (const path of ['/__fw/health', '/__fw/health.json']) {
      const refused = await call(app, path, '203.0.113.9');
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="fw health"');
      expect(refused.text).not.toContain('redis');
      expect((await call(app, path, '127.0.0.1')).status).toBe(200);
      const admitted = await call(app, path, '203.0.113.9', { authorization: 'Bearer ops-token' });
      expect(admitted.status).toBe(200);
      expect(admitted.text).toContain('ECONNREFUSED');
    }
  });

  it("uses its own access options instead of healthCheck's, and details: 'always' opens it", async () => {
    const own = await appWith({ token: 'ops-token' }, { token: 'dashboard-token', loopback: false });
    expect((await call(own, '/__fw/health', '127.0.0.1')).status).toBe(401);
    expect((await call(own, '/__fw/health', '203.0.113.9', { authorization: 'Bearer ops-token' })).status).toBe(401);
    expect((await call(own, '/__fw/health', '203.0.113.9', { authorization: 'Bearer dashboard-token' })).status).toBe(200);
    const open = await appWith({}, { details: 'always' });
    expect((await call(open, '/__fw/health.json', '203.0.113.9')).status).toBe(200);
  });

  it('without a healthCheck plugin, admits loopback callers only', async () => {
    const app = new Fw();
    await app.plugin(healthDashboard({ checks: { up: () => true } }));
    expect((await call(app, '/__fw/health.json', null)).status).toBe(401);
    expect((await call(app, '/__fw/health.json', '127.0.0.1')).status).toBe(200);
  });
});

describe('bad access options throw at startup', () => {
  it.each([
    [{ details: 'sometimes' }, 'healthCheck(): "details" must be "when-authorized", "always", "never"; got "sometimes"'],
    [
      { token: '' },
      'healthCheck(): "token" must be a non-empty string (a secret from the environment) or (ctx) => string | undefined, got ""',
    ],
    [{ token: '  ' }, /"token" must be a non-empty string/],
    [{ token: 42 }, /"token" must be a non-empty string/],
    [{ authorize: true }, `healthCheck(): "authorize" must be a function (ctx) => boolean | Promise<boolean>, the app's own guard`],
    [{ loopback: 'yes' }, 'healthCheck(): "loopback" must be true or false, got "yes"'],
    [{ detail: 'always' }, 'healthCheck(): unknown option "detail" (did you mean "details"?)'],
  ])('healthCheck(%j)', (options, message) => {
    expect(() => healthCheck(options as never)).toThrow(message);
  });

  it.each([
    [{ details: 'never' }, 'healthDashboard(): "details" must be "when-authorized", "always"; got "never"'],
    [{ token: '' }, /healthDashboard\(\): "token" must be a non-empty string/],
    [{ tokn: 'x' }, 'healthDashboard(): unknown option "tokn" (did you mean "token"?)'],
  ])('healthDashboard(%j)', (options, message) => {
    expect(() => healthDashboard(options as never)).toThrow(message);
  });
});
