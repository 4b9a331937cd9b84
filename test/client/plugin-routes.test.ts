/**
 * Plugin routes are in the app's type (healthCheck, healthDashboard, openapi), routes registered `hidden: true` are not:
 * types checked by tsc through expectTypeOf and @ts-expect-error lines, calls made for real in process.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Fw, healthCheck, healthDashboard, openapi, type OpenAPI31Document } from 'fw';
import { createClient, type PathsOf } from 'fw/client';

function makeApp() {
  return new Fw()
    .use(healthCheck({ checks: { db: () => true }, paths: { ready: '/readyz' }, details: 'always' }))
    .use(openapi({ path: '/spec.json/' }))
    .use(healthDashboard({ path: '/status', details: 'always' }))
    .get('/users', () => [{ id: 1 }])
    .get('/internal/backdoor', () => 'secret', { hidden: true })
    .group('/admin', (admin) => admin.get('/stats', () => ({ n: 1 })).get('/debug', () => 'debug', { hidden: true }));
}

type App = ReturnType<typeof makeApp>;

describe('plugin routes in the app type', () => {
  it("lists the plugins' routes at the paths their options give, and no hidden route", () => {
    expectTypeOf<PathsOf<App, 'GET'>>().toEqualTypeOf<
      '/health' | '/live' | '/readyz' | '/spec.json' | '/docs' | '/status' | '/status.json' | '/users' | '/admin/stats'
    >();
    expectTypeOf<PathsOf<Fw, 'GET'>>().toEqualTypeOf<never>();
  });

  it('leaves the page out with uiPath: false, and adds nothing for a path that is not a literal', () => {
    const path: string = '/spec';
    const app = new Fw()
      .use(openapi({ uiPath: false }))
      .use(healthDashboard({ path }))
      .get('/a', () => 'a');
    expectTypeOf<PathsOf<typeof app, 'GET'>>().toEqualTypeOf<'/openapi' | '/a'>();
  });

  it('calls them in process with typed answers, and refuses hidden routes in the types', async () => {
    const app = makeApp();
    const client = createClient<typeof app>(app);

    const live = await client.get('/live');
    expect(live).toMatchObject({ status: 200, data: { alive: true } });
    expectTypeOf(live.data).toEqualTypeOf<{ alive: true } | undefined>();

    const health = await client.get('/health');
    expect(health.data).toMatchObject({ status: 'healthy', checks: { db: { status: 'healthy' } } });
    if (health.error === undefined) expectTypeOf(health.data.status).toEqualTypeOf<'healthy' | 'unhealthy'>();

    const ready = await client.get('/readyz');
    expect(ready.data).toEqual({ ready: true });

    const spec = await client.get('/spec.json');
    expect(spec.data?.openapi).toBe('3.1.0');
    expect(Object.keys(spec.data?.paths ?? {}).sort()).toEqual([
      '/admin/stats',
      '/health',
      '/live',
      '/readyz',
      '/status',
      '/status.json',
      '/users',
    ]);
    expectTypeOf(spec.data).toEqualTypeOf<OpenAPI31Document | undefined>();

    const docs = await client.get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.data).toContain('<!doctype html>');
    expectTypeOf(docs.data).toEqualTypeOf<string | undefined>();

    const snapshot = await client.get('/status.json');
    expect(snapshot.data?.status).toBe('healthy');

    // @ts-expect-error a hidden route is not in the app's type
    const hidden = await client.get('/internal/backdoor');
    expect(hidden.status).toBe(200);
    // @ts-expect-error nor is a hidden route of a group
    await client.get('/admin/debug');
    // @ts-expect-error the page's assets are the plugin's own, not part of the API
    await client.get('/docs/docs.js');
  });

  it('keeps a route whose hidden flag is not known to be true (a boolean variable)', () => {
    const hidden: boolean = Math.random() > 2;
    const app = new Fw().get('/maybe', () => 'm', { hidden });
    expectTypeOf<PathsOf<typeof app, 'GET'>>().toEqualTypeOf<'/maybe'>();
  });
});
