/**
 * fw/lambda registers none of Node's services for an app on fw/core (their `node:` imports would load at every cold
 * start); `installNodeServices()` from fw/lambda opts in, as `fw`'s Node entry does for an app on `fw`. @isolated: it
 * checks what the imports register, so it needs a fresh module graph.
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

/** An app on fw/core serving `root` at /static, behind lambda(), asked for /static/hello.txt. */
async function fetchStaticFile(): Promise<{ statusCode: number; body: string }> {
  const app = new Fw();
  app.use(staticFiles(root, { prefix: '/static' }));
  const event = fixture('function-url');
  event.rawPath = '/static/hello.txt';
  event.requestContext.http.path = '/static/hello.txt';
  return (await lambda(app, { warmUp: false })(event, lambdaContext())) as { statusCode: number; body: string };
}

describe("fw/lambda and Node's services on fw/core", () => {
  it('lambda() registers none of them', async () => {
    lambda(new Fw().get('/hello', () => 'hi'));
    expect(services.filter((name) => hasPlatform(name))).toEqual([]);
    const failed = await fetchStaticFile();
    expect(failed.statusCode).toBe(500);
  });

  it('installNodeServices() registers them all, and static files are then read from disk', async () => {
    installNodeServices();
    expect(services.filter((name) => !hasPlatform(name))).toEqual([]);
    expect(await fetchStaticFile()).toMatchObject({ statusCode: 200, body: 'from disk' });
  });
});
