import { fromHex } from '../encoding';
import { hmacMatches, signedBytes, timestampProblem } from '../hmac';
import type { WebhookProvider } from '../types';
import { stringField } from './fields';

/** Options of a Slack verifier. */
export interface SlackProviderOptions {
  /** Largest allowed distance between `X-Slack-Request-Timestamp` and now, in seconds (default 300, Slack's advice). */
  tolerance?: number;
}

/**
 * Slack: `X-Slack-Signature: v0=<hex HMAC-SHA256(signing secret, "v0:<timestamp>:<body>")>` with the timestamp in
 * `X-Slack-Request-Timestamp`. The event is `event.type` (Events API), else `type`, else the slash `command`.
 */
export function slackProvider(options: SlackProviderOptions = {}): WebhookProvider {
  const tolerance = options.tolerance ?? 300;
  return {
    async verify({ headers, body, nowSeconds }, secret) {
      const header = headers.get('x-slack-signature');
      if (header === null) return { ok: false, reason: 'missing X-Slack-Signature header' };
      const timestamp = headers.get('x-slack-request-timestamp');
      const stale = timestampProblem(timestamp, nowSeconds, tolerance);
      if (stale !== null) return { ok: false, reason: stale };
      const signature = header.startsWith('v0=') ? fromHex(header.slice(3)) : null;
      if (signature === null) return { ok: false, reason: 'malformed X-Slack-Signature header' };
      const signed = signedBytes(`v0:${timestamp}:`, body);
      if (!(await hmacMatches(secret, 'SHA-256', signed, [signature]))) return { ok: false, reason: 'signature mismatch' };
      return { ok: true, deliveryId: null, signed, expiresAt: Number(timestamp) + tolerance };
    },
    event(_headers, payload) {
      const inner = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>).event : null;
      return stringField(inner, 'type') ?? stringField(payload, 'type') ?? stringField(payload, 'command');
    },
    deliveryId: (payload) => stringField(payload, 'event_id'),
  };
}
