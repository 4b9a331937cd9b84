import { describe, expect, it } from 'vitest';
import { Fw, MemoryKV } from 'fw';
import { genericProvider, webhooks, type WebhookOptions } from '../../src/webhooks';
import * as sign from './sign';

const secrets = {
  github: 'gh-secret',
  stripe: 'whsec_stripe_test_secret',
  slack: 'slack-signing-secret',
  svix: `whsec_${Buffer.from('svix-key-bytes-0123456789').toString('base64')}`,
  'standard-webhooks': `whsec_${Buffer.from('standard-key-bytes').toString('base64')}`,
  generic: 'generic-secret',
};

interface Received {
  event: string;
  payload: unknown;
}

async function app(options: Partial<WebhookOptions> = {}): Promise<{ fw: Fw; received: Received[] }> {
  const received: Received[] = [];
  const fw = new Fw();
  await fw.plugin(
    webhooks({
      secret: secrets,
      now: () => sign.now * 1000,
      handler: (event, payload) => {
        received.push({ event, payload });
        return { ok: true, event };
      },
      ...options,
    }),
  );
  return { fw, received };
}

const post = (fw: Fw, provider: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>) =>
  fw.request(`/webhook/${provider}`, { method: 'POST', body, headers });

const push = JSON.stringify({ ref: 'refs/heads/main' });
const invoice = JSON.stringify({ id: 'evt_1', type: 'invoice.paid' });

describe('webhooks: forged, stale and malformed deliveries are refused', () => {
  it('401 for a GitHub body signed with the wrong secret, a changed body, or no signature; the handler never runs', async () => {
    const { fw, received } = await app();
    const forged = await post(fw, 'github', push, sign.github('wrong-secret', push));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'INVALID_WEBHOOK_SIGNATURE' });
    const headers = sign.github(secrets.github, push);
    expect((await post(fw, 'github', push.replace('main', 'evil'), headers)).status).toBe(401);
    const { 'x-hub-signature-256': _, ...unsigned } = headers;
    expect((await post(fw, 'github', push, unsigned)).status).toBe(401);
    for (const bad of ['sha256=', 'sha256=zz', 'sha1=abcd', 'sha256=abc', `sha256=${'0'.repeat(64)}`]) {
      expect((await post(fw, 'github', push, { ...headers, 'x-hub-signature-256': bad })).status).toBe(401);
    }
    expect(received).toEqual([]);
  });

  it('401 for a Stripe delivery outside the 300 s tolerance, even correctly signed (replay of an old delivery)', async () => {
    const { fw } = await app();
    expect((await post(fw, 'stripe', invoice, sign.stripe(secrets.stripe, invoice, sign.now - 301))).status).toBe(401);
    expect((await post(fw, 'stripe', invoice, sign.stripe(secrets.stripe, invoice, sign.now + 301))).status).toBe(401);
    const valid = sign.stripe(secrets.stripe, invoice);
    const tampered = valid['stripe-signature'].replace(`t=${sign.now}`, `t=${sign.now + 1}`);
    expect((await post(fw, 'stripe', invoice, { ...valid, 'stripe-signature': tampered })).status).toBe(401);
    for (const bad of ['', 'v1=abc', `t=abc,${valid['stripe-signature'].split(',')[1]}`, `t=${sign.now}`, `t=${sign.now},v0=abcd`]) {
      const res = await post(fw, 'stripe', invoice, { ...valid, 'stripe-signature': bad });
      expect(res.status).toBe(401);
    }
  });

  it('401 for Slack with a stale or missing timestamp, or a v0 signature over another timestamp', async () => {
    const { fw } = await app();
    const body = JSON.stringify({ type: 'event_callback', event_id: 'Ev1', event: { type: 'app_mention' } });
    expect((await post(fw, 'slack', body, sign.slack(secrets.slack, body, 'application/json', sign.now - 600))).status).toBe(401);
    const valid = sign.slack(secrets.slack, body);
    expect((await post(fw, 'slack', body, { ...valid, 'x-slack-request-timestamp': String(sign.now + 1) })).status).toBe(401);
    const { 'x-slack-request-timestamp': _, ...noTimestamp } = valid;
    expect((await post(fw, 'slack', body, noTimestamp)).status).toBe(401);
    expect((await post(fw, 'slack', body, { ...valid, 'x-slack-request-timestamp': '1e9' })).status).toBe(401);
  });

  it('401 for Standard Webhooks with a forged id, a stale timestamp or a signature from another key', async () => {
    const { fw } = await app();
    const body = JSON.stringify({ type: 'user.created' });
    const valid = sign.standard(secrets['standard-webhooks'], body, 'msg_1');
    expect((await post(fw, 'standard-webhooks', body, { ...valid, 'webhook-id': 'msg_2' })).status).toBe(401);
    expect(
      (await post(fw, 'standard-webhooks', body, sign.standard(secrets['standard-webhooks'], body, 'msg_1', sign.now - 400))).status,
    ).toBe(401);
    expect((await post(fw, 'standard-webhooks', body, sign.standard(secrets.svix, body))).status).toBe(401);
    expect((await post(fw, 'standard-webhooks', body, { ...valid, 'webhook-signature': 'v1,!!!' })).status).toBe(401);
  });

  it('404 for a provider that is not configured, without reading further', async () => {
    const { fw } = await app({ secret: { github: secrets.github } });
    const res = await post(fw, 'stripe', invoice, sign.stripe(secrets.stripe, invoice));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'UNKNOWN_WEBHOOK_PROVIDER' });
    expect((await post(fw, '__proto__', push, {})).status).toBe(404);
    expect((await post(fw, 'constructor', push, {})).status).toBe(404);
  });

  it('400 for a correctly signed body that is not JSON (whatever its declared type) or not UTF-8', async () => {
    const { fw, received } = await app();
    const notJson = '{"ref":';
    expect((await post(fw, 'github', notJson, sign.github(secrets.github, notJson))).status).toBe(400);
    const latin1 = new Uint8Array([0x7b, 0xff, 0x7d]);
    const headers = {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-hub-signature-256': `sha256=${(await import('node:crypto')).createHmac('sha256', secrets.github).update(latin1).digest('hex')}`,
    };
    expect((await post(fw, 'github', latin1, headers)).status).toBe(400);
    const xml = '<push/>';
    const res = await post(fw, 'github', xml, { ...sign.github(secrets.github, xml), 'content-type': 'application/xml' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_WEBHOOK_PAYLOAD' });
    expect(received).toEqual([]);
  });

  it('401 (not 400) for a malformed body with a bad signature: the signature is checked before parsing', async () => {
    const { fw } = await app();
    expect((await post(fw, 'github', '{"ref":', sign.github('wrong', '{"ref":'))).status).toBe(401);
  });

  it('413 for a body over maxBodySize, by declared length and while streaming without one', async () => {
    const { fw } = await app({ maxBodySize: 1024 });
    const big = JSON.stringify({ pad: 'x'.repeat(2048) });
    expect((await post(fw, 'github', big, sign.github(secrets.github, big))).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(new Uint8Array(512));
        controller.close();
      },
    });
    const res = await fw.request('/webhook/github', {
      method: 'POST',
      body: stream,
      headers: sign.github(secrets.github, big),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('409 for a replayed delivery id (GitHub has no timestamp), also when the replays race', async () => {
    const { fw, received } = await app();
    const headers = sign.github(secrets.github, push, 'push', 'delivery-1');
    const results = await Promise.all([1, 2, 3].map(() => post(fw, 'github', push, headers)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(received).toHaveLength(1);
    const stripeHeaders = sign.stripe(secrets.stripe, invoice);
    expect((await post(fw, 'stripe', invoice, stripeHeaders)).status).toBe(200);
    expect((await post(fw, 'stripe', invoice, stripeHeaders)).status).toBe(409);
  });

  it('accepts the retry of a delivery whose handler failed', async () => {
    let fail = true;
    const { fw } = await app({
      handler: () => {
        if (fail) throw new Error('database down');
        return { ok: true };
      },
    });
    const headers = sign.github(secrets.github, push, 'push', 'delivery-retry');
    expect((await post(fw, 'github', push, headers)).status).toBe(500);
    fail = false;
    expect((await post(fw, 'github', push, headers)).status).toBe(200);
    expect((await post(fw, 'github', push, headers)).status).toBe(409);
  });

  it('rejects bad options with a TypeError naming the field', () => {
    const bad: [unknown, RegExp][] = [
      [{}, /secret/],
      [{ secret: '' }, /secret/],
      [{ secret: {} }, /empty/],
      [{ secret: { gitlab: 'x' } }, /unknown provider "gitlab"/],
      [{ secret: 's', provider: 'nope' }, /unknown provider/],
      [{ secret: 's', path: '/hooks' }, /provider option/],
      [{ secret: 's', allowedEvents: 'push' }, /allowedEvents/],
      [{ secret: 's', maxBodySize: -1 }, /maxBodySize/],
      [{ secret: 's', replayWindow: 0 }, /replayWindow/],
      [{ secret: 's', handler: 'x' }, /handler/],
      [{ secret: 's', replayStore: {} }, /replayStore/],
      [{ secret: 's', providers: { mine: {} } }, /verify/],
    ];
    for (const [options, message] of bad) expect(() => webhooks(options as WebhookOptions)).toThrow(message);
    expect(() => genericProvider({ algorithm: 'MD5' as never })).toThrow(/algorithm/);
  });
});

describe('webhooks: verified deliveries reach the handler', () => {
  it('GitHub: event from X-GitHub-Event, payload parsed after verification', async () => {
    const { fw, received } = await app();
    const res = await post(fw, 'github', push, sign.github(secrets.github, push));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, event: 'push' });
    expect(received).toEqual([{ event: 'push', payload: { ref: 'refs/heads/main' } }]);
  });

  it('Stripe: any of several v1 signatures may match (secret rolling); event from type', async () => {
    const { fw, received } = await app();
    const header = sign.stripe(secrets.stripe, invoice)['stripe-signature'];
    const rolled = `${header.split(',')[0]},v1=${'ab'.repeat(32)},${header.split(',')[1]}`;
    expect((await post(fw, 'stripe', invoice, { 'content-type': 'application/json', 'stripe-signature': rolled })).status).toBe(200);
    expect(received[0].event).toBe('invoice.paid');
  });

  it('Slack: JSON events, form-encoded interactivity payloads and slash commands; url_verification answered', async () => {
    const { fw, received } = await app();
    const event = JSON.stringify({ type: 'event_callback', event_id: 'Ev9', event: { type: 'app_mention', text: 'hi' } });
    expect((await post(fw, 'slack', event, sign.slack(secrets.slack, event))).status).toBe(200);
    const interaction = `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions', user: { id: 'U1' } }))}`;
    expect((await post(fw, 'slack', interaction, sign.slack(secrets.slack, interaction, 'application/x-www-form-urlencoded'))).status).toBe(
      200,
    );
    const command = 'command=%2Fdeploy&text=prod&user_id=U1';
    expect((await post(fw, 'slack', command, sign.slack(secrets.slack, command, 'application/x-www-form-urlencoded'))).status).toBe(200);
    expect(received.map((r) => r.event)).toEqual(['app_mention', 'block_actions', '/deploy']);
    expect(received[2].payload).toMatchObject({ text: 'prod' });
    const challenge = JSON.stringify({ type: 'url_verification', challenge: 'c-123' });
    const res = await post(fw, 'slack', challenge, sign.slack(secrets.slack, challenge));
    expect(await res.json()).toEqual({ challenge: 'c-123' });
    const broken = 'payload=%7Bnot-json';
    expect((await post(fw, 'slack', broken, sign.slack(secrets.slack, broken, 'application/x-www-form-urlencoded'))).status).toBe(400);
  });

  it('Svix and Standard Webhooks: svix- and webhook- header spellings, several signatures in the list', async () => {
    const { fw, received } = await app();
    const body = JSON.stringify({ type: 'user.created', data: { id: 1 } });
    const svix = sign.standard(secrets.svix, body, 'msg_svix', sign.now, 'svix');
    expect((await post(fw, 'svix', body, svix)).status).toBe(200);
    const std = sign.standard(secrets['standard-webhooks'], body, 'msg_std');
    const listed = { ...std, 'webhook-signature': `v1,${Buffer.from('other').toString('base64')} ${std['webhook-signature']}` };
    expect((await post(fw, 'standard-webhooks', body, listed)).status).toBe(200);
    expect(received.map((r) => r.event)).toEqual(['user.created', 'user.created']);
  });

  it('generic: hex HMAC in x-signature (with or without a sha256= prefix), event from x-event-type', async () => {
    const { fw, received } = await app();
    const body = JSON.stringify({ order: 7 });
    const headers = sign.generic(secrets.generic, body, { 'x-event-type': 'order.created' });
    expect((await post(fw, 'generic', body, headers)).status).toBe(200);
    const other = JSON.stringify({ order: 8 });
    const prefixed = sign.generic(secrets.generic, other, { 'x-event-type': 'order.created' });
    expect((await post(fw, 'generic', other, { ...prefixed, 'x-signature': `sha256=${prefixed['x-signature']}` })).status).toBe(200);
    expect(received.map((r) => r.event)).toEqual(['order.created', 'order.created']);
  });

  it('a custom generic provider: base64 SHA-512 with a signed timestamp', async () => {
    const { createHmac } = await import('node:crypto');
    const { fw, received } = await app({
      secret: 'acme-secret',
      provider: 'acme',
      path: '/hooks/acme',
      providers: {
        acme: genericProvider({ header: 'x-acme-signature', algorithm: 'SHA-512', encoding: 'base64', timestampHeader: 'x-acme-time' }),
      },
    });
    const body = JSON.stringify({ event: 'ping' });
    const signature = createHmac('sha512', 'acme-secret').update(`${sign.now}.${body}`).digest('base64');
    const ok = await fw.request('/hooks/acme', {
      method: 'POST',
      body,
      headers: { 'x-acme-signature': signature, 'x-acme-time': String(sign.now) },
    });
    expect(ok.status).toBe(200);
    expect(received[0].event).toBe('ping');
    const stale = await fw.request('/hooks/acme', {
      method: 'POST',
      body,
      headers: { 'x-acme-signature': signature, 'x-acme-time': String(sign.now - 3600) },
    });
    expect(stale.status).toBe(401);
  });

  it('allowedEvents: other events are acknowledged with 202 and skip the handler', async () => {
    const { fw, received } = await app({ allowedEvents: ['push'] });
    const issues = JSON.stringify({ action: 'opened' });
    const res = await post(fw, 'github', issues, sign.github(secrets.github, issues, 'issues'));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ received: true, ignored: 'issues' });
    expect((await post(fw, 'github', push, sign.github(secrets.github, push, 'push'))).status).toBe(200);
    expect(received.map((r) => r.event)).toEqual(['push']);
  });

  it('a fixed provider on a custom path, with replays remembered in a shared KVStore across two apps', async () => {
    const replayStore = new MemoryKV();
    const make = async () => {
      const fw = new Fw();
      await fw.plugin(webhooks({ secret: secrets.github, provider: 'github', path: '/gh', replayStore }));
      return fw;
    };
    const [one, two] = [await make(), await make()];
    const headers = sign.github(secrets.github, push, 'push', 'shared-delivery');
    const first = await one.request('/gh', { method: 'POST', body: push, headers });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    expect((await two.request('/gh', { method: 'POST', body: push, headers })).status).toBe(409);
  });
});
