/**
 * fw/lambda gives an app on fw/core none of Node's services (their `node:` imports would load at every cold start);
 * `installNodeServices(app)` from fw/lambda gives them to that one app, as `fw`'s Node entry does for its apps.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Fw, hasPlatform } from 'fw/core';
import { installNodeServices, lambda } from 'fw/lambda';
import { staticFiles } from 'fw/static';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture } from './fixtures';

const services = ['importModule', 'fileSource', 'uploadStorage', 'migrationFiles', 'loadFileRoutes', 'signalHandlers'] as const;
const root = mkdtempSync(join(tmpdir(), 'fw-lambda-services-'));
writeFileSync(join(root, 'hello.txt'), 'from disk');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An app on fw/core serving `root` at /static (given Node's services when `services`), behind lambda(), asked for /static/hello.txt. */
async function fetchStaticFile(services: boolean): Promise<{ statusCode: number; body: string; app: Fw }> {
  const app = new Fw();
  app.use(staticFiles(root, { prefix: '/static' }));
  if (services) expect(installNodeServices(app)).toBe(app);
  const event = fixture('function-url');
  event.rawPath = '/static/hello.txt';
  event.requestContext.http.path = '/static/hello.txt';
  const result = (await lambda(app, { warmUp: false })(event, lambdaContext())) as { statusCode: number; body: string };
  return { ...result, app };
}

describe("fw/lambda and Node's services on fw/core", () => {
  it('lambda() gives an app none of them', async () => {
    const failed = await fetchStaticFile(false);
    expect(services.filter((name) => hasPlatform(failed.app, name))).toEqual([]);
    expect(failed.statusCode).toBe(500);
  });

  it('installNodeServices(app) gives that app them all, and static files are then read from disk; another app stays without', async () => {
    const served = await fetchStaticFile(true);
    expect(services.filter((name) => !hasPlatform(served.app, name))).toEqual([]);
    expect(served).toMatchObject({ statusCode: 200, body: 'from disk' });
    expect((await fetchStaticFile(false)).statusCode).toBe(500);
  });

  it('bad input: installNodeServices() without an app throws, saying what to pass', () => {
    expect(() => (installNodeServices as (app?: unknown) => unknown)()).toThrow(/installNodeServices\(app\) needs the app/);
  });
});
