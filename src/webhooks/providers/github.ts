import { fromHex } from '../encoding';
import { hmacMatches } from '../hmac';
import type { WebhookProvider } from '../types';

/**
 * GitHub: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret, body)>`; event in `X-GitHub-Event`, id in
 * `X-GitHub-Delivery`. Only the body is signed (no timestamp, and the delivery id is not covered), so a signature
 * never expires and replays can only be caught by the body itself.
 */
export const githubProvider: WebhookProvider = {
  async verify({ headers, body }, secret) {
    const header = headers.get('x-hub-signature-256');
    if (header === null) return { ok: false, reason: 'missing X-Hub-Signature-256 header' };
    const signature = header.startsWith('sha256=') ? fromHex(header.slice(7)) : null;
    if (signature === null) return { ok: false, reason: 'malformed X-Hub-Signature-256 header' };
    if (!(await hmacMatches(secret, 'SHA-256', body, [signature]))) return { ok: false, reason: 'signature mismatch' };
    return { ok: true, deliveryId: headers.get('x-github-delivery'), signed: body, expiresAt: null };
  },
  event: (headers) => headers.get('x-github-event'),
};
