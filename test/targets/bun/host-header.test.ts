/** fw/bun (the Bun binary of the `bun` package) over a raw socket: the Host header never changes the path; a Host that is not a host is a 400. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptHosts, rawRequest, refusedHosts } from '../host-header-cases';
import { startBun, type BunProcess } from './bun-process';

let bun: BunProcess | null = null;
beforeAll(async () => {
  bun = await startBun('test/targets/bun/host-header-server.ts');
});
afterAll(async () => {
  await bun?.stop();
});

const get = (head: string) => rawRequest(bun!.port, head);

describe('fw/bun: the Host header never changes the path', () => {
  it.each(refusedHosts)('GET /public with Host %j is a 400, never another route', async (host) => {
    const answer = await get(`GET /public HTTP/1.1\r\nHost: ${host}\r\n`);
    expect(answer.status).toBe(400);
  });

  it.each(keptHosts)('GET /public with Host %j answers /public', async (host) => {
    const answer = await get(`GET /public HTTP/1.1\r\nHost: ${host}\r\n`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ route: 'public' });
  });

  it('HTTP/1.0 without Host is served on localhost with its own path', async () => {
    expect(await get('GET /public HTTP/1.0\r\n')).toMatchObject({ status: 200, body: { route: 'public', url: 'http://localhost/public' } });
  });

  it('an absolute-form target keeps its own path', async () => {
    expect(await get('GET http://127.0.0.1/public HTTP/1.1\r\nHost: 127.0.0.1\r\n')).toMatchObject({
      status: 200,
      body: { route: 'public' },
    });
  });
});
