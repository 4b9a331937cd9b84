import { fromBase64, fromHex } from '../encoding';
import { hmacMatches, signedBytes, timestampProblem, type HmacHash } from '../hmac';
import type { WebhookProvider } from '../types';
import { stringField } from './fields';

/** Options of a generic HMAC verifier, for senders that sign the body into one header. */
export interface GenericProviderOptions {
  /** Header carrying the signature (default `x-signature`). */
  header?: string;
  /** Hash of the HMAC (default `SHA-256`). */
  algorithm?: HmacHash;
  /** How the signature is written (default `hex`). */
  encoding?: 'hex' | 'base64';
  /** Text before the signature in the header, such as `sha256=` (default: none, but `sha1=`, `sha256=` and `sha512=` are accepted). */
  prefix?: string;
  /** Header with the event kind (default `x-event-type`; else the payload's `type` or `event`). */
  eventHeader?: string;
  /** Header with a delivery id for replay detection (default `x-delivery-id`). */
  idHeader?: string;
  /** Header with a unix timestamp in seconds; when set, the signed bytes are `<timestamp>.<body>` and it must be fresh. */
  timestampHeader?: string;
  /** Largest allowed timestamp distance in seconds when `timestampHeader` is set (default 300). */
  tolerance?: number;
}

function stripPrefix(value: string, prefix: string | undefined): string | null {
  if (prefix !== undefined) return value.startsWith(prefix) ? value.slice(prefix.length) : null;
  const named = /^(sha1|sha256|sha512)=/i.exec(value);
  return named === null ? value : value.slice(named[0].length);
}

/** A verifier for `HMAC(secret, body)` (or `HMAC(secret, "<timestamp>.<body>")`) in one header; `webhookProviders.generic` uses the defaults. */
export function genericProvider(options: GenericProviderOptions = {}): WebhookProvider {
  const header = options.header ?? 'x-signature';
  const algorithm = options.algorithm ?? 'SHA-256';
  if (!['SHA-1', 'SHA-256', 'SHA-512'].includes(algorithm))
    throw new TypeError(`webhooks: unsupported HMAC algorithm ${String(algorithm)}`);
  const decode = options.encoding === 'base64' ? fromBase64 : fromHex;
  const eventHeader = options.eventHeader ?? 'x-event-type';
  const idHeader = options.idHeader ?? 'x-delivery-id';
  const tolerance = options.tolerance ?? 300;
  return {
    async verify({ headers, body, nowSeconds }, secret) {
      const value = headers.get(header);
      if (value === null) return { ok: false, reason: `missing ${header} header` };
      let data = body;
      let expiresAt: number | null = null;
      if (options.timestampHeader !== undefined) {
        const timestamp = headers.get(options.timestampHeader);
        const stale = timestampProblem(timestamp, nowSeconds, tolerance);
        if (stale !== null) return { ok: false, reason: stale };
        data = signedBytes(`${timestamp}.`, body);
        expiresAt = Number(timestamp) + tolerance;
      }
      const raw = stripPrefix(value.trim(), options.prefix);
      const signature = raw === null ? null : decode(raw);
      if (signature === null) return { ok: false, reason: `malformed ${header} header` };
      if (!(await hmacMatches(secret, algorithm, data, [signature]))) return { ok: false, reason: 'signature mismatch' };
      return { ok: true, deliveryId: headers.get(idHeader), signed: data, expiresAt };
    },
    event: (headers, payload) => headers.get(eventHeader) ?? stringField(payload, 'type') ?? stringField(payload, 'event'),
  };
}
