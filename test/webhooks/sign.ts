/** Signs deliveries with node:crypto exactly as each provider documents, independent of the module under test. */
import { createHmac } from 'node:crypto';

export const now = 1_760_000_000;

/** GitHub: X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256(secret, body). */
export function github(secret: string, body: string, event = 'push', delivery: string = crypto.randomUUID()): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-github-event': event,
    'x-github-delivery': delivery,
    'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
  };
}

/** Stripe: Stripe-Signature = "t=<ts>,v1=<hex HMAC-SHA256(secret, "<ts>.<body>")>". */
export function stripe(secret: string, body: string, t = now): Record<string, string> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'stripe-signature': `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`,
  };
}

/** Slack: X-Slack-Signature = "v0=" + hex HMAC-SHA256(secret, "v0:<ts>:<body>"). */
export function slack(secret: string, body: string, contentType = 'application/json', t = now): Record<string, string> {
  return {
    'content-type': contentType,
    'x-slack-request-timestamp': String(t),
    'x-slack-signature': `v0=${createHmac('sha256', secret).update(`v0:${t}:${body}`).digest('hex')}`,
  };
}

/** Standard Webhooks / Svix: webhook-signature = "v1," + base64 HMAC-SHA256(base64-decoded secret, "<id>.<ts>.<body>"). */
export function standard(
  secret: string,
  body: string,
  id: string = `msg_${crypto.randomUUID()}`,
  t = now,
  prefix = 'webhook',
): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return {
    'content-type': 'application/json',
    [`${prefix}-id`]: id,
    [`${prefix}-timestamp`]: String(t),
    [`${prefix}-signature`]: `v1,${createHmac('sha256', key).update(`${id}.${t}.${body}`).digest('base64')}`,
  };
}

/** Generic: x-signature = hex HMAC-SHA256(secret, body). */
export function generic(secret: string, body: string, extra: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(body).digest('hex'), ...extra };
}
