/** examples/web-guards: the flow its README shows, in process (the peer address given as a target would give it). */
import { describe, expect, it } from 'vitest';
import { assignPeerAddress } from 'fw';
import { createApp } from '../../examples/web-guards/app';

const config = { secret: 'a test secret of thirty-two chars', adminKey: 'admin-key', adminNetworks: ['127.0.0.1', '::1'] };
const local = 'http://localhost';

/** A browser: keeps the cookies it is given and sends them back. */
function browser(app: ReturnType<typeof createApp>) {
  const jar = new Map<string, string>();
  const send = async (path: string, init: RequestInit = {}, peer = '127.0.0.1') => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const request = new Request(`${local}${path}`, { ...init, headers });
    assignPeerAddress(request, peer);
    const response = await app.request(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  };
  const token = async () => /name="_csrf" value="([^"]+)"/.exec(await (await send('/')).text())?.[1] ?? '';
  const form = (path: string, body: string, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) =>
    send(path, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
  return { send, token, form, jar };
}

describe('examples/web-guards', () => {
  it('signs in, adds a note with a fresh token, and refuses the token from before the login', async () => {
    const b = browser(createApp(config));
    const before = await b.token();
    expect((await b.form('/login', `name=ann&_csrf=${encodeURIComponent(before)}`)).status).toBe(200);
    expect(b.jar.get('__Host-user')).toMatch(/^ann\./);
    const stale = await b.form('/notes', `text=old&_csrf=${encodeURIComponent(before)}`);
    expect(await stale.json()).toMatchObject({ code: 'CSRF_TOKEN_INVALID' });
    const saved = await b.form('/notes', `text=hi&_csrf=${encodeURIComponent(await b.token())}`);
    expect(saved.status).toBe(201);
    expect(await saved.text()).toBe('<p>Saved: hi</p>');
    const crossSite = await b.form('/notes', `text=x&_csrf=${encodeURIComponent(await b.token())}`, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
  });

  it('needs a signed-in user for notes, and a real signature', async () => {
    const app = createApp(config);
    const b = browser(app);
    const token = await b.token();
    expect((await b.form('/notes', `text=x&_csrf=${encodeURIComponent(token)}`)).status).toBe(401);
    b.jar.set('__Host-user', 'admin.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D');
    expect((await b.form('/notes', `text=x&_csrf=${encodeURIComponent(token)}`)).status).toBe(401);
  });

  it('answers 503 when the store is too slow, and audits through the context storage', async () => {
    const b = browser(createApp(config));
    expect((await b.send('/api/notes?delay=5')).status).toBe(200);
    expect((await b.send('/api/notes?delay=5000')).status).toBe(503);
    await b.form('/login', `name=ann&_csrf=${encodeURIComponent(await b.token())}`);
    const audit = await b.send('/admin/audit');
    expect(await audit.json()).toEqual(['ann signed in POST /login']);
  });

  it('lets the office network into /admin, others only with the admin key; /health skips csrf', async () => {
    const b = browser(createApp(config));
    expect((await b.send('/admin/audit', {}, '203.0.113.9')).status).toBe(401);
    expect((await b.send('/admin/audit', { headers: { 'x-admin-key': 'admin-key' } }, '203.0.113.9')).status).toBe(200);
    expect((await b.send('/health')).status).toBe(200);
    expect((await b.send('/health', { method: 'POST' })).status).not.toBe(403);
  });
});
