/** Signed and prefixed cookies on every target: each Set-Cookie arrives whole, and what comes back reads and verifies. */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget } from '../targets/every-target';

const app = fileURLToPath(new URL('./fixtures/signed-cookie-app.ts', import.meta.url));

describeEveryTarget('signed cookies', app, (client) => {
  it('sets signed and prefixed cookies as separate Set-Cookie headers', async () => {
    const response = await client().fetch('/set');
    expect(response.status).toBe(204);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(3);
    expect(cookies[0]).toMatch(/^user=ada\.[\w%]{44,}; Path=\/; HttpOnly$/);
    expect(cookies[1]).toMatch(/^__Host-sid=s-1\.[\w%]{44,}; Path=\/; Secure$/);
    expect(cookies[2]).toBe('__Secure-theme=dark; Path=/; Secure');
  });

  it('reads back what it set, verified, and refuses a tampered value', async () => {
    const cookie = (await client().fetch('/set')).headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const read = await (await client().fetch('/read', { headers: { cookie } })).json();
    expect(read).toMatchObject({ user: 'ada', sid: 's-1', theme: 'dark' });
    expect(Object.keys(read.all)).toEqual(['user', '__Host-sid', '__Secure-theme']);
    const tampered = cookie.replace('user=ada.', 'user=admin.');
    expect(await (await client().fetch('/read', { headers: { cookie: tampered } })).json()).toMatchObject({ user: false, sid: 's-1' });
  });
});
