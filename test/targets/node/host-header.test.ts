/** fw/node over a raw socket: the Host header (and an absolute-form target) never changes the path; a Host that is not a host is a 400. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type NodeServer } from 'fw/node';
import { hostApp, keptHosts, rawRequest, refusedHosts } from '../host-header-cases';

let server: NodeServer;
beforeAll(async () => {
  server = await serve(hostApp(), { port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
});

const get = (head: string) => rawRequest(server.port, head);

describe('fw/node: the Host header never changes the path', () => {
  it.each(refusedHosts)('GET /public with Host %j is a 400, never another route', async (host) => {
    const answer = await get(`GET /public HTTP/1.1\r\nHost: ${host}\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect(String(answer.body?.error)).toContain('is not a host name');
  });

  it.each(keptHosts)('GET /public with Host %j answers /public', async (host) => {
    const answer = await get(`GET /public HTTP/1.1\r\nHost: ${host}\r\n`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ route: 'public' });
  });

  it('a repeated Host is a 400 (RFC 9112 section 3.2)', async () => {
    expect((await get('GET /public HTTP/1.1\r\nHost: a.test\r\nHost: b.test\r\n')).status).toBe(400);
  });

  it('HTTP/1.0 without Host is served on localhost', async () => {
    expect(await get('GET /public HTTP/1.0\r\n')).toMatchObject({ status: 200, body: { route: 'public', url: 'http://localhost/public' } });
  });

  it('an absolute-form target keeps its own path, whatever the Host header says', async () => {
    const answer = await get('GET http://127.0.0.1/public HTTP/1.1\r\nHost: 127.0.0.1/internal?\r\n');
    expect(answer).toMatchObject({ status: 200, body: { route: 'public', url: 'http://127.0.0.1/public' } });
  });

  it.each(['http://user@127.0.0.1/public', 'http://127.0.0.1\\internal/public', 'ftp://127.0.0.1/public', 'http:///public'])(
    'an absolute-form target %j that is not an http(s) URL of a host is a 400',
    async (target) => {
      expect((await get(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n`)).status).toBe(400);
    },
  );
});
