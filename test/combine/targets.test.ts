/** some(), every() and except() on every target, with a real guard and ipRestriction() on the target's peer address. */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget } from '../targets/every-target';

const app = fileURLToPath(new URL('./fixtures/combine-app.ts', import.meta.url));
/** A worker request as Cloudflare's edge sends it, from an address outside the office network. */
const outside = { 'cf-connecting-ip': '198.51.100.1' };

describeEveryTarget('some/every/except', app, (client) => {
  it('skips the guards on an excepted path', async () => {
    const response = await client().fetch('/api/public/status', { headers: outside });
    expect(response.status).toBe(200);
  });

  it('passes with either guard (some), and refuses with the last error when both refuse', async () => {
    expect((await client().fetch('/api/data', { headers: { ...outside, 'x-api-key': 'key-1' } })).status).toBe(200);
    const refused = await client().fetch('/api/data', { headers: outside });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'IP_DENIED' });
  });

  it('needs every item (every): the key and the condition', async () => {
    const headers = { ...outside, 'x-api-key': 'key-1' };
    expect((await client().fetch('/admin', { headers: { ...headers, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await client().fetch('/admin', { headers })).status).toBe(403);
    expect((await client().fetch('/admin', { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(401);
  });
});
