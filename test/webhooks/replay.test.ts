import { describe, expect, it } from 'vitest';
import { Fw, MemoryKV } from 'fw';
import { webhooks, type WebhookOptions, type WebhookProvider } from '../../src/webhooks';
import * as sign from './sign';

const secrets = {
  github: 'gh-secret',
  stripe: 'whsec_stripe_test_secret',
  slack: 'slack-signing-secret',
  svix: `whsec_${Buffer.from('svix-key-bytes-0123456789').toString('base64')}`,
};

/** An app on a clock the test moves (whole seconds), recording the events its handler saw. */
async function receiver(options: Partial<WebhookOptions> = {}): Promise<{ fw: Fw; clock: { seconds: number }; handled: string[] }> {
  const clock = { seconds: sign.now };
  const handled: string[] = [];
  const fw = new Fw();
  await fw.plugin(
    webhooks({
      secret: secrets,
      now: () => clock.seconds * 1000,
      handler: (event) => {
        handled.push(event);
        return { ok: true };
      },
      ...options,
    }),
  );
  return { fw, clock, handled };
}

const post = (fw: Fw, provider: string, body: string, headers: Record<string, string>) =>
  fw.request(`/webhook/${provider}`, { method: 'POST', body, headers });

const form = 'application/x-www-form-urlencoded';
const command = 'command=%2Fdeploy&text=prod&user_id=U1&trigger_id=T1';

describe('webhooks: a replay is refused by its signed content, whatever the unsigned headers say', () => {
  it('GitHub: the same signed body re-sent with a new X-GitHub-Delivery, none, or the signature re-spelt is a 409', async () => {
    const { fw, handled } = await receiver();
    const body = JSON.stringify({ ref: 'refs/heads/main', after: 'abc123' });
    const headers = sign.github(secrets.github, body, 'push', 'delivery-1');
    expect((await post(fw, 'github', body, headers)).status).toBe(200);
    const replay = await post(fw, 'github', body, { ...headers, 'x-github-delivery': 'delivery-2' });
    expect(replay.status).toBe(409);
    expect(await replay.json()).toMatchObject({ code: 'WEBHOOK_REPLAYED', error: expect.stringContaining('same signed content') });
    const { 'x-github-delivery': _, ...noId } = headers;
    expect((await post(fw, 'github', body, noId)).status).toBe(409);
    const upper = `sha256=${headers['x-hub-signature-256'].slice(7).toUpperCase()}`;
    expect((await post(fw, 'github', body, { ...headers, 'x-github-delivery': 'delivery-3', 'x-hub-signature-256': upper })).status).toBe(
      409,
    );
    expect(handled).toEqual(['push']);
  });

  it('Slack: a slash command (no event_id) replayed 299 s later is a 409; 301 s later its timestamp is stale (401)', async () => {
    const { fw, clock, handled } = await receiver();
    const headers = sign.slack(secrets.slack, command, form, sign.now);
    expect((await post(fw, 'slack', command, headers)).status).toBe(200);
    clock.seconds = sign.now + 299;
    const replay = await post(fw, 'slack', command, headers);
    expect(replay.status).toBe(409);
    expect(await replay.json()).toMatchObject({ code: 'WEBHOOK_REPLAYED' });
    clock.seconds = sign.now + 301;
    const stale = await post(fw, 'slack', command, headers);
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ code: 'INVALID_WEBHOOK_SIGNATURE', error: expect.stringContaining('timestamp') });
    expect(handled).toEqual(['/deploy']);
  });

  it('Slack: a timestamp more than 300 s old (or ahead) is a 401 on first sight; exactly 300 s is still accepted', async () => {
    const { fw, handled } = await receiver();
    for (const t of [sign.now - 301, sign.now + 301, sign.now - 86_400]) {
      const res = await post(fw, 'slack', command, sign.slack(secrets.slack, command, form, t));
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'INVALID_WEBHOOK_SIGNATURE' });
    }
    expect((await post(fw, 'slack', command, sign.slack(secrets.slack, command, form, sign.now - 300))).status).toBe(200);
    expect(handled).toEqual(['/deploy']);
  });

  it('distinct deliveries pass: other bodies, and the same Slack body signed at another second', async () => {
    const { fw, handled } = await receiver();
    for (const ref of ['main', 'dev']) {
      const body = JSON.stringify({ ref });
      expect((await post(fw, 'github', body, sign.github(secrets.github, body))).status).toBe(200);
    }
    expect((await post(fw, 'slack', command, sign.slack(secrets.slack, command, form, sign.now))).status).toBe(200);
    expect((await post(fw, 'slack', command, sign.slack(secrets.slack, command, form, sign.now - 1))).status).toBe(200);
    for (const id of ['evt_a', 'evt_b']) {
      const body = JSON.stringify({ id, type: 'invoice.paid' });
      expect((await post(fw, 'stripe', body, sign.stripe(secrets.stripe, body))).status).toBe(200);
    }
    expect(handled).toEqual(['push', 'push', '/deploy', '/deploy', 'invoice.paid', 'invoice.paid']);
  });

  it('Stripe: a retry re-signed at a new timestamp carries the same event id and is refused by the id record', async () => {
    const { fw } = await receiver();
    const body = JSON.stringify({ id: 'evt_retry', type: 'invoice.paid' });
    expect((await post(fw, 'stripe', body, sign.stripe(secrets.stripe, body, sign.now))).status).toBe(200);
    const retry = await post(fw, 'stripe', body, sign.stripe(secrets.stripe, body, sign.now + 5));
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ code: 'WEBHOOK_REPLAYED', error: expect.stringContaining('"evt_retry"') });
  });

  it('a record lives while its signature can be accepted (Slack: timestamp + 300 s + 60 s); a GitHub body lives replayWindow seconds', async () => {
    const clock = { seconds: sign.now };
    const replayStore = new MemoryKV({ now: () => clock.seconds * 1000 });
    const { fw } = await receiver({ replayStore, replayWindow: 3600, now: () => clock.seconds * 1000 });
    expect((await post(fw, 'slack', command, sign.slack(secrets.slack, command, form, sign.now))).status).toBe(200);
    clock.seconds = sign.now + 360;
    expect(await replayStore.list({ prefix: 'webhook:slack:content:' })).toHaveLength(1);
    clock.seconds = sign.now + 361;
    expect(await replayStore.list({ prefix: 'webhook:slack:content:' })).toEqual([]);

    clock.seconds = sign.now;
    const body = JSON.stringify({ zen: 'Design for failure.' });
    const headers = sign.github(secrets.github, body, 'ping');
    expect((await post(fw, 'github', body, headers)).status).toBe(200);
    clock.seconds = sign.now + 3599;
    expect((await post(fw, 'github', body, { ...headers, 'x-github-delivery': 'new' })).status).toBe(409);
    clock.seconds = sign.now + 3601;
    expect((await post(fw, 'github', body, { ...headers, 'x-github-delivery': 'newer' })).status).toBe(200);
  });

  it("a handler answering 5xx releases the records, so the provider's retry of the same content is handled", async () => {
    let status = 503;
    const { fw } = await receiver({ handler: () => new Response('busy', { status }) });
    const headers = sign.slack(secrets.slack, command, form);
    expect((await post(fw, 'slack', command, headers)).status).toBe(503);
    status = 200;
    expect((await post(fw, 'slack', command, headers)).status).toBe(200);
    expect((await post(fw, 'slack', command, headers)).status).toBe(409);
  });

  it('replayProtection: false hands a re-sent payload to the handler again; a map switches it per provider', async () => {
    const body = JSON.stringify({ ref: 'main' });
    const headers = sign.github(secrets.github, body);
    const perProvider = await receiver({ replayProtection: { github: false } });
    expect((await post(perProvider.fw, 'github', body, headers)).status).toBe(200);
    expect((await post(perProvider.fw, 'github', body, headers)).status).toBe(200);
    const slack = sign.slack(secrets.slack, command, form);
    expect((await post(perProvider.fw, 'slack', command, slack)).status).toBe(200);
    expect((await post(perProvider.fw, 'slack', command, slack)).status).toBe(409);
    const off = await receiver({ replayProtection: false });
    expect((await post(off.fw, 'slack', command, slack)).status).toBe(200);
    expect((await post(off.fw, 'slack', command, slack)).status).toBe(200);
    expect(off.handled).toEqual(['/deploy', '/deploy']);
  });

  it('a custom provider that does not say what it signed is a 500 naming it, never an unprotected accept', async () => {
    const careless: WebhookProvider = {
      verify: async () => ({ ok: true, deliveryId: null }) as never,
      event: () => 'ping',
    };
    const guarded = await receiver({ secret: 'k', provider: 'careless', path: '/in', providers: { careless } });
    const res = await guarded.fw.request('/in', { method: 'POST', body: '{}' });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'INVALID_WEBHOOK_PROVIDER', error: expect.stringContaining('"careless"') });
    expect(guarded.handled).toEqual([]);
    const unguarded = await receiver({
      secret: 'k',
      provider: 'careless',
      path: '/in',
      providers: { careless },
      replayProtection: { careless: false },
    });
    expect((await unguarded.fw.request('/in', { method: 'POST', body: '{}' })).status).toBe(200);
  });

  it('rejects a bad replayProtection option with a TypeError naming it', () => {
    const bad: [unknown, RegExp][] = [
      ['yes', /replayProtection must be/],
      [{ gitlab: false }, /unknown provider "gitlab"/],
      [{ github: 'off' }, /replayProtection of "github"/],
    ];
    for (const [replayProtection, message] of bad) {
      expect(() => webhooks({ secret: 's', replayProtection } as unknown as WebhookOptions)).toThrow(message);
    }
  });
});

describe('webhooks: one signature has one spelling', () => {
  it('a Svix base64 signature re-spelt with the unused low bits of its last character set is a 401', async () => {
    const { fw, handled } = await receiver();
    const body = JSON.stringify({ type: 'user.created' });
    const headers = sign.standard(secrets.svix, body, 'msg_canonical', sign.now, 'svix');
    const signature = headers['svix-signature'].slice(3);
    expect(signature).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const last = alphabet.indexOf(signature[42]);
    for (const bits of [1, 2, 3]) {
      const variant = `${signature.slice(0, 42)}${alphabet[last ^ bits]}=`;
      expect(Buffer.from(variant, 'base64')).toEqual(Buffer.from(signature, 'base64'));
      const res = await post(fw, 'svix', body, { ...headers, 'svix-signature': `v1,${variant}` });
      expect(res.status).toBe(401);
    }
    expect((await post(fw, 'svix', body, { ...headers, 'svix-signature': `v1,${signature.slice(0, 43)}` })).status).toBe(200);
    expect(handled).toEqual(['user.created']);
  });
});
