/** accepts() and languageDetector() on fw/node, fw/bun, workerd (miniflare) and Lambda. */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget } from '../targets/every-target';

const app = fileURLToPath(new URL('./fixtures/every-target-app.ts', import.meta.url));

describeEveryTarget('negotiation', app, (client) => {
  it('answers in the media type Accept prefers', async () => {
    const csv = await client().fetch('/report', { headers: { accept: 'text/csv;q=0.9, application/json;q=0.5' } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await csv.text()).toBe('a,b\n1,2\n');
    const json = await client().fetch('/report', { headers: { accept: 'image/png' } });
    expect(await json.json()).toEqual({ a: 1, b: 2 });
  });

  it('detects the language from the header and caches it in a cookie', async () => {
    const response = await client().fetch('/language', { headers: { 'accept-language': 'de-CH, fr;q=0.5' } });
    expect(await response.json()).toEqual({ language: 'de' });
    expect(response.headers.get('set-cookie')).toMatch(/^language=de;/);
  });

  it('prefers the path, then the query, then the cookie', async () => {
    const headers = { cookie: 'language=de', 'accept-language': 'en' };
    expect(await (await client().fetch('/fr/language?lang=de', { headers })).json()).toEqual({ language: 'fr' });
    expect(await (await client().fetch('/language?lang=fr', { headers })).json()).toEqual({ language: 'fr' });
    const fromCookie = await client().fetch('/language', { headers });
    expect(await fromCookie.json()).toEqual({ language: 'de' });
    expect(fromCookie.headers.get('set-cookie')).toBeNull();
  });

  it('falls back for an unsupported or malformed request', async () => {
    expect(await (await client().fetch('/language?lang=xx', { headers: { 'accept-language': ';;;"' } })).json()).toEqual({
      language: 'en',
    });
  });
});
