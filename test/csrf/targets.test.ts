/**
 * csrf() on every target: the secret cookie and token round trip, a same-origin form post with its token passes,
 * a cross-site one and a script call without the token get 403.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget, type TargetClient } from '../targets/every-target';

const app = fileURLToPath(new URL('./fixtures/csrf-app.ts', import.meta.url));

async function session(client: TargetClient): Promise<{ token: string; cookie: string }> {
  const response = await client.fetch('/form');
  const setCookie = response.headers.getSetCookie();
  expect(setCookie).toHaveLength(1);
  expect(setCookie[0]).toMatch(/^__Host-csrf=[\w-]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  return { token: (await response.json()).token, cookie: setCookie[0].split(';')[0] };
}

describeEveryTarget('csrf()', app, (client) => {
  it('accepts a same-origin form post that carries its token', async () => {
    const { token, cookie } = await session(client());
    const response = await client().fetch('/form', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: `note=hello&_csrf=${encodeURIComponent(token)}`,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('saved hello');
  });

  it('checks Origin against the URL the target rebuilt', async () => {
    const { token, cookie } = await session(client());
    const response = await client().fetch('/form', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: client().origin },
      body: `note=hi&_csrf=${encodeURIComponent(token)}`,
    });
    expect(response.status).toBe(200);
  });

  it('refuses a cross-site form post, token or not', async () => {
    const { token, cookie } = await session(client());
    const response = await client().fetch('/form', {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      body: `note=pwned&_csrf=${encodeURIComponent(token)}`,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'CSRF_ORIGIN_DENIED' });
  });

  it('lets a script call with the header token through, and refuses one without', async () => {
    const { token, cookie } = await session(client());
    const body = JSON.stringify({ note: 'x' });
    const json = { 'content-type': 'application/json', cookie };
    const ok = await client().fetch('/api/notes', { method: 'POST', headers: { ...json, 'x-csrf-token': token }, body });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ note: 'x' });
    const refused = await client().fetch('/api/notes', { method: 'POST', headers: json, body });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'CSRF_TOKEN_MISSING' });
  });
});
