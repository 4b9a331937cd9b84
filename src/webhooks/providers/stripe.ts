import { fromHex } from '../encoding';
import { hmacMatches, signedBytes, timestampProblem } from '../hmac';
import type { WebhookProvider } from '../types';
import { stringField } from './fields';

/** Options of a Stripe verifier. */
export interface StripeProviderOptions {
  /** Largest allowed distance between the signed timestamp and now, in seconds (default 300, Stripe's own). */
  tolerance?: number;
}

/**
 * Stripe: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>[,v1=...]`; any `v1` may
 * match (secret rolling). The timestamp must be within the tolerance; event `type` and id `id` are in the payload.
 */
export function stripeProvider(options: StripeProviderOptions = {}): WebhookProvider {
  const tolerance = options.tolerance ?? 300;
  return {
    async verify({ headers, body, nowSeconds }, secret) {
      const header = headers.get('stripe-signature');
      if (header === null) return { ok: false, reason: 'missing Stripe-Signature header' };
      let timestamp: string | null = null;
      const signatures: Uint8Array<ArrayBuffer>[] = [];
      for (const part of header.split(',')) {
        const eq = part.indexOf('=');
        const name = part.slice(0, eq).trim();
        const value = part.slice(eq + 1).trim();
        if (name === 't') timestamp = value;
        else if (name === 'v1') {
          const bytes = fromHex(value);
          if (bytes !== null) signatures.push(bytes);
        }
      }
      const stale = timestampProblem(timestamp, nowSeconds, tolerance);
      if (stale !== null) return { ok: false, reason: stale };
      if (signatures.length === 0) return { ok: false, reason: 'no v1 signature in Stripe-Signature' };
      const signed = signedBytes(`${timestamp}.`, body);
      if (!(await hmacMatches(secret, 'SHA-256', signed, signatures))) return { ok: false, reason: 'signature mismatch' };
      return { ok: true, deliveryId: null, signed, expiresAt: Number(timestamp) + tolerance };
    },
    event: (_headers, payload) => stringField(payload, 'type'),
    deliveryId: (payload) => stringField(payload, 'id'),
  };
}
