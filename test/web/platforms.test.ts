import { afterAll, describe, expect, it } from 'vitest';
import { Fw, trustProxy } from 'fw';
import { lambda } from 'fw/lambda';
import { lambdaContext } from '../fixtures/lambda/context';
import { fixture } from '../targets/lambda/fixtures';
import { startBun, type BunProcess } from '../targets/bun/bun-process';

let bun: BunProcess | null = null;
afterAll(async () => {
  await bun?.stop();
});

describe('trustProxy reads the peer address each target reports', () => {
  it('Lambda (API Gateway v1 and v2): the sourceIp, not a spoofed X-Forwarded-For', async () => {
    const app = new Fw();
    app.use(trustProxy());
    app.all('/*', (ctx) => ({ ip: ctx.ip, protocol: ctx.protocol }));
    const handler = lambda(app);
    for (const [name, ip] of [
      ['apigw-v2', '192.0.2.44'],
      ['apigw-v1', '198.51.100.7'],
    ] as const) {
      const event = fixture(name);
      event.headers = { ...event.headers, 'x-forwarded-for': '6.6.6.6' };
      if (event.multiValueHeaders) event.multiValueHeaders = { ...event.multiValueHeaders, 'x-forwarded-for': ['6.6.6.6'] };
      const result = (await handler(event, lambdaContext())) as { body: string };
      expect(JSON.parse(result.body).ip, name).toBe(ip);
    }
  });

  it('Lambda behind an ALB: the entry the balancer appended, and trusted hops walk on from the one before it', async () => {
    const seen = async (options: Parameters<typeof trustProxy>[0]) => {
      const app = new Fw();
      app.use(trustProxy(options));
      app.all('/*', (ctx) => ({ ip: ctx.ip }));
      const event = fixture('alb-single');
      event.headers['x-forwarded-for'] = '6.6.6.6, 10.9.9.9, 203.0.113.50';
      return JSON.parse(((await lambda(app)(event, lambdaContext())) as { body: string }).body).ip;
    };
    expect(await seen({})).toBe('203.0.113.50');
    expect(await seen({ hops: 1 })).toBe('10.9.9.9');
    expect(await seen({ trusted: ['203.0.113.50'] })).toBe('10.9.9.9');
  });

  it('Bun: server.requestIP, so a spoofed header from an untrusted peer is ignored', async () => {
    bun = await startBun('test/web/fixtures/bun-trust-server.ts');
    const res = await fetch(`${bun.url}/`, { headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' } });
    expect(await res.json()).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });
});
