import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { webhooks } from '../../src/webhooks';
import * as sign from './sign';

describe('webhooks over real HTTP (fw/node serve on 127.0.0.1, port 0)', () => {
  let server: NodeServer;

  beforeAll(async () => {
    const app = new Fw();
    await app.plugin(webhooks({ secret: { github: 'gh-http-secret' }, maxBodySize: 64 * 1024, handler: (event) => ({ event }) }));
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('stops reading an oversized streamed body with 413, then keeps serving', async () => {
    const chunk = new Uint8Array(16 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 512 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const big = await fetch(`${server.url}/webhook/github`, {
      method: 'POST',
      body,
      headers: sign.github('gh-http-secret', 'x'),
      duplex: 'half',
    } as RequestInit);
    expect(big.status).toBe(413);
    const payload = JSON.stringify({ zen: 'ok' });
    const ok = await fetch(`${server.url}/webhook/github`, {
      method: 'POST',
      body: payload,
      headers: sign.github('gh-http-secret', payload, 'ping'),
    });
    expect(await ok.json()).toEqual({ event: 'ping' });
    const forged = await fetch(`${server.url}/webhook/github`, { method: 'POST', body: payload, headers: sign.github('nope', payload) });
    expect(forged.status).toBe(401);
  });
});
