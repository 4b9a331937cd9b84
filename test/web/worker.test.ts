import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';

describe('web infrastructure in workerd (miniflare)', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/web/fixtures/web-worker.ts'));
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  it('trustProxy takes the client address from CF-Connecting-IP and ignores a spoofed X-Forwarded-For', async () => {
    const res = await mf.dispatchFetch('https://app.test/who', {
      headers: { 'cf-connecting-ip': '198.51.100.20', 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'http' },
    });
    expect(await res.json()).toEqual({ ip: '198.51.100.20', protocol: 'https' });
  });

  it('rangeRequests answers single, multiple and unsatisfiable ranges', async () => {
    const one = await mf.dispatchFetch('http://app.test/file', { headers: { range: 'bytes=2-4' } });
    expect(one.status).toBe(206);
    expect(one.headers.get('content-range')).toBe('bytes 2-4/26');
    expect(await one.text()).toBe('cde');
    const many = await mf.dispatchFetch('http://app.test/file', { headers: { range: 'bytes=0-0,25-25' } });
    expect(many.status).toBe(206);
    expect(many.headers.get('content-type')).toMatch(/^multipart\/byteranges; boundary=/);
    expect(await many.text()).toContain('Content-Range: bytes 25-25/26\r\n\r\nz\r\n');
    const bad = await mf.dispatchFetch('http://app.test/file', { headers: { range: 'bytes=99-' } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */26');
    await bad.text();
  });

  it('domainRouting picks the app by hostname, wildcard subdomains included', async () => {
    expect(await (await mf.dispatchFetch('http://api.example.com/')).json()).toEqual({ app: 'api' });
    expect(await (await mf.dispatchFetch('http://acme.example.com/')).json()).toEqual({ app: 'tenant', tenant: 'acme' });
    const other = await mf.dispatchFetch('http://example.net/file');
    expect(await other.text()).toBe('abcdefghijklmnopqrstuvwxyz');
  });
});
