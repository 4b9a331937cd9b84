import { fromBase64 } from '../encoding';
import { hmacMatches, signedBytes, timestampProblem } from '../hmac';
import type { WebhookProvider } from '../types';
import { stringField } from './fields';

/** Options of a Standard Webhooks (Svix) verifier. */
export interface StandardWebhooksOptions {
  /** Largest allowed distance between `webhook-timestamp` and now, in seconds (default 300, the spec's). */
  tolerance?: number;
}

function secretKey(secret: string): Uint8Array<ArrayBuffer> {
  const key = fromBase64(secret.startsWith('whsec_') ? secret.slice(6) : secret);
  if (key === null) throw new TypeError('webhooks: a Standard Webhooks / Svix secret must be base64 (optionally prefixed whsec_)');
  return key;
}

/**
 * Standard Webhooks (what Svix sends): `webhook-id`, `webhook-timestamp` and `webhook-signature` headers (or their
 * `svix-` spellings); the signature list holds `v1,<base64 HMAC-SHA256(base64-decoded secret, "<id>.<ts>.<body>")>`
 * entries separated by spaces. The event is the payload's `type`; the id header is the delivery id.
 */
export function standardWebhooksProvider(options: StandardWebhooksOptions = {}): WebhookProvider {
  const tolerance = options.tolerance ?? 300;
  return {
    async verify({ headers, body, nowSeconds }, secret) {
      const id = headers.get('webhook-id') ?? headers.get('svix-id');
      const timestamp = headers.get('webhook-timestamp') ?? headers.get('svix-timestamp');
      const header = headers.get('webhook-signature') ?? headers.get('svix-signature');
      if (id === null || header === null) return { ok: false, reason: 'missing webhook-id or webhook-signature header' };
      const stale = timestampProblem(timestamp, nowSeconds, tolerance);
      if (stale !== null) return { ok: false, reason: stale };
      const signatures = header
        .split(' ')
        .filter((s) => s.startsWith('v1,'))
        .map((s) => fromBase64(s.slice(3)))
        .filter((s) => s !== null);
      if (signatures.length === 0) return { ok: false, reason: 'no v1 signature in webhook-signature' };
      const signed = signedBytes(`${id}.${timestamp}.`, body);
      if (!(await hmacMatches(secretKey(secret), 'SHA-256', signed, signatures))) return { ok: false, reason: 'signature mismatch' };
      return { ok: true, deliveryId: id, signed, expiresAt: Number(timestamp) + tolerance };
    },
    event: (_headers, payload) => stringField(payload, 'type'),
  };
}
