import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { RedisKV } from '../../targets/node/redis-kv';
import { webhooks } from '../../src/webhooks';
import { REDIS_URL, requireService, uniqueName } from '../db/services';
import * as sign from './sign';

const prefix = `${uniqueName('fwhook')}:`;
const stores: RedisKV[] = [];
const secrets = { github: 'gh-redis-secret', slack: 'slack-redis-secret' };

beforeAll(() => requireService('Redis', REDIS_URL, 6379));
afterAll(async () => {
  const cleaner = new RedisKV({ url: REDIS_URL, prefix });
  for (const key of await cleaner.list()) await cleaner.delete(key);
  expect(await cleaner.list()).toEqual([]);
  await cleaner.close();
  for (const store of stores) await store.close();
});

/** One app instance with its own Redis connection, on the shared prefix; `handled` counts what its handler saw. */
async function instance(): Promise<{ app: Fw; kv: RedisKV; handled: string[] }> {
  const kv = new RedisKV({ url: REDIS_URL, prefix });
  stores.push(kv);
  const handled: string[] = [];
  const app = new Fw();
  await app.plugin(
    webhooks({
      secret: secrets,
      replayStore: kv,
      now: () => sign.now * 1000,
      handler: (event) => {
        handled.push(event);
        return { ok: true };
      },
    }),
  );
  return { app, kv, handled };
}

const post = (app: Fw, provider: string, body: string, headers: Record<string, string>) =>
  app.request(`/webhook/${provider}`, { method: 'POST', body, headers });

describe('webhooks: replay records in the real Redis, shared by two app instances', () => {
  it('both instances refuse a replay accepted by either, whatever delivery id it carries', async () => {
    const [one, two] = [await instance(), await instance()];
    const push = JSON.stringify({ ref: 'refs/heads/main', after: uniqueName('sha') });
    const headers = sign.github(secrets.github, push, 'push', 'redis-delivery-1');
    expect((await post(one.app, 'github', push, headers)).status).toBe(200);
    expect((await post(one.app, 'github', push, { ...headers, 'x-github-delivery': 'redis-delivery-2' })).status).toBe(409);
    const other = await post(two.app, 'github', push, { ...headers, 'x-github-delivery': 'redis-delivery-3' });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'WEBHOOK_REPLAYED' });

    const command = `command=%2Fdeploy&text=prod&trigger_id=${uniqueName('t')}`;
    const slack = sign.slack(secrets.slack, command, 'application/x-www-form-urlencoded');
    expect((await post(two.app, 'slack', command, slack)).status).toBe(200);
    expect((await post(one.app, 'slack', command, slack)).status).toBe(409);
    expect((await post(two.app, 'slack', command, slack)).status).toBe(409);
    expect([...one.handled, ...two.handled].sort()).toEqual(['/deploy', 'push']);
  });

  it('the same fresh delivery sent to both instances at once is handled exactly once (atomic claim)', async () => {
    const [one, two] = [await instance(), await instance()];
    const body = JSON.stringify({ ref: 'refs/heads/race', after: uniqueName('sha') });
    const results = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        post(i % 2 === 0 ? one.app : two.app, 'github', body, sign.github(secrets.github, body, 'push', `race-${i}`)),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(one.handled.length + two.handled.length).toBe(1);
  });

  it("keeps a Slack record for the signature's remaining life plus 60 s, and a GitHub record for replayWindow", async () => {
    const { app, kv } = await instance();
    const client = await kv.client();
    const command = `command=%2Fttl&trigger_id=${uniqueName('t')}`;
    const before = new Set(await kv.list({ prefix: 'webhook:slack:content:' }));
    expect((await post(app, 'slack', command, sign.slack(secrets.slack, command, 'application/x-www-form-urlencoded'))).status).toBe(200);
    const [slackKey] = (await kv.list({ prefix: 'webhook:slack:content:' })).filter((key) => !before.has(key));
    const slackTtl = await client.pttl(`${prefix}${slackKey}`);
    expect(slackTtl).toBeGreaterThan(355_000);
    expect(slackTtl).toBeLessThanOrEqual(361_000);

    const push = JSON.stringify({ ref: 'refs/heads/ttl', after: uniqueName('sha') });
    const known = new Set(await kv.list({ prefix: 'webhook:github:content:' }));
    expect((await post(app, 'github', push, sign.github(secrets.github, push))).status).toBe(200);
    const [githubKey] = (await kv.list({ prefix: 'webhook:github:content:' })).filter((key) => !known.has(key));
    const githubTtl = await client.ttl(`${prefix}${githubKey}`);
    expect(githubTtl).toBeGreaterThan(86_000);
    expect(githubTtl).toBeLessThanOrEqual(86_400);
  });
});
