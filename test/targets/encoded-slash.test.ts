/**
 * `GET /files/private%2Fs` behind `use('/files/private', guard)` never reaches `/files/*` as `private/s`: the core
 * refuses `%2F` and `%5C` with a 400 before any middleware, on every target (fw/node over a real socket, fw/lambda,
 * workerd through miniflare).
 */
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type NodeServer } from 'fw/node';
import { lambda } from 'fw/lambda';
import { lambdaContext } from '../fixtures/lambda/context';
import { encodedSlashApp } from './encoded-slash-app';
import { fixture } from './lambda/fixtures';
import { bundleWorker, runWorker } from './worker/helpers';

const attacks = ['/files/private%2Fs', '/files/private%2fs', '/files/private%5Cs', '/files/private%5cs'];

let node: NodeServer;
let mf: Miniflare;
beforeAll(async () => {
  node = await serve(encodedSlashApp(), { port: 0, hostname: '127.0.0.1' });
  mf = await runWorker(await bundleWorker('test/targets/fixtures/encoded-slash-worker.ts'));
});
afterAll(async () => {
  await node?.stop();
  await mf?.dispose();
});

async function expectRefused(response: { status: number; json(): Promise<unknown> }): Promise<void> {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: 'Malformed percent-encoding or encoded slash in the request path', code: 'BAD_PATH' });
}

describe('an encoded slash is a 400 on every target', () => {
  it.each(attacks)('fw/node (real socket): %s', async (path) => {
    await expectRefused(await fetch(`http://127.0.0.1:${node.port}${path}`));
    expect((await fetch(`http://127.0.0.1:${node.port}/files/private/s`)).status).toBe(401);
  });

  it.each(attacks)('workerd: %s', async (path) => {
    await expectRefused((await mf.dispatchFetch(`http://worker.test${path}`)) as unknown as Response);
    expect((await mf.dispatchFetch('http://worker.test/files/public/s')).status).toBe(200);
  });

  it.each(attacks)('fw/lambda (REST API and function URL events keep the path encoded): %s', async (path) => {
    const handler = lambda(encodedSlashApp());
    const rest = fixture('apigw-v1');
    rest.path = path;
    const url = fixture('function-url');
    url.rawPath = path;
    for (const event of [rest, url]) {
      const result = (await handler(event, lambdaContext())) as { statusCode: number; body: string };
      await expectRefused({ status: result.statusCode, json: async () => JSON.parse(result.body) });
    }
  });

  it('with allowEncodedSlashes, %2F is data inside one segment: /files/private%2Fs is not under /files/private, and /files/* gets it decoded', async () => {
    const app = encodedSlashApp({ allowEncodedSlashes: true });
    const served = await serve(app, { port: 0, hostname: '127.0.0.1' });
    try {
      expect(await (await fetch(`http://127.0.0.1:${served.port}/files/private%2Fs`)).json()).toEqual({ rest: 'private/s' });
    } finally {
      await served.stop();
    }
  });
});
