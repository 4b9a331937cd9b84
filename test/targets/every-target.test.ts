/** The every-target harness itself: each target answers the same request the same way, cookies and bodies included. */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget } from './every-target';

const app = fileURLToPath(new URL('./fixtures/every-target-app.ts', import.meta.url));

describeEveryTarget('the every-target harness', app, (client) => {
  it('carries method, query, body, headers and cookies to the app', async () => {
    const response = await client().fetch('/echo?a=1&b=2', {
      method: 'POST',
      headers: { 'x-agent': 'probe', cookie: 'k=v; l=w', 'content-type': 'text/plain' },
      body: 'héllo',
    });
    expect(response.status).toBe(200);
    const got = await response.json();
    expect(got).toMatchObject({ method: 'POST', query: { a: '1', b: '2' }, body: 'héllo', agent: 'probe', cookie: 'k=v; l=w' });
  });

  it('knows the peer address the target gives (miniflare sends CF-Connecting-IP and a cf object)', async () => {
    const got = await (await client().fetch('/echo')).json();
    const expected = client().target === 'lambda' ? '192.0.2.44' : '127.0.0.1';
    expect(got.peer).toBe(expected);
  });

  it('answers every Set-Cookie and an empty 204', async () => {
    const response = await client().fetch('/cookies');
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
  });
});
