/** examples/localized-api over a real fw/node socket: language, accepts, download name, precompressed CSS and the login limit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from 'fw/node';
import { createApp } from '../../examples/localized-api/app';

let server: Awaited<ReturnType<typeof serve>>;
let origin: string;
beforeAll(async () => {
  server = await serve(await createApp(), { port: 0, hostname: '127.0.0.1' });
  origin = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop());

describe('examples/localized-api', () => {
  it('greets in the detected language, caches it and sends both rate-limit header sets', async () => {
    const response = await fetch(`${origin}/?lang=fr`);
    expect(await response.json()).toEqual({ greeting: 'Bienvenue', language: 'fr' });
    expect(response.headers.get('set-cookie')).toMatch(/^language=fr;/);
    expect(response.headers.get('x-ratelimit-limit')).toBe('100');
    expect(response.headers.get('ratelimit-policy')).toBe('"default";q=100;w=60');
  });

  it('answers CSV or JSON by Accept, and a download under a UTF-8 name', async () => {
    expect(await (await fetch(`${origin}/prices`, { headers: { accept: 'text/csv' } })).text()).toBe('item,price\ntea,3\ncoffee,4\n');
    expect(await (await fetch(`${origin}/prices`)).json()).toHaveLength(2);
    const download = await fetch(`${origin}/prices/download`, { headers: { 'accept-language': 'de' } });
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''Willkommen%20%E2%80%93%20prices.csv");
  });

  it('serves the brotli CSS and limits POST /login to 5 a minute', async () => {
    expect((await fetch(`${origin}/assets/site.css`, { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBe('br');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${origin}/login`, { method: 'POST' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
