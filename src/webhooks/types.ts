import type { Context } from '../core/context';
import type { KVStore } from '../kv/types';

/** What a provider verifier sees of one delivery: headers, the raw body bytes, and the clock (seconds). */
export interface WebhookDelivery {
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
  nowSeconds: number;
}

/** A valid signature: what replay protection remembers of the delivery. */
export interface VerifiedDelivery {
  ok: true;
  /** The delivery id the sender gave (a header, signed or not), or null; remembered as well as the content. */
  deliveryId: string | null;
  /** The exact bytes the signature covers (`<timestamp>.<body>`, the body alone, ...): replays are caught by their SHA-256. */
  signed: Uint8Array<ArrayBuffer>;
  /** Unix seconds after which this signature is refused as stale (signed timestamp + tolerance), or null when nothing signed dates it. */
  expiresAt: number | null;
}

/** The outcome of a signature check: what a valid delivery signed, else why it was refused. */
export type VerifyResult = VerifiedDelivery | { ok: false; reason: string };

/** One webhook provider: how its signature is checked and where its event kind lives. */
export interface WebhookProvider {
  /** Checks the signature over the raw body (and the timestamp, where the provider signs one), in constant time. */
  verify(delivery: WebhookDelivery, secret: string): Promise<VerifyResult>;
  /** The event kind of a verified delivery (`push`, `invoice.paid`, ...), or null when it carries none. */
  event(headers: Headers, payload: unknown): string | null;
  /** The delivery id when it sits in the payload rather than a header (Stripe `id`, Slack `event_id`). */
  deliveryId?(payload: unknown): string | null;
}

/** Options of `webhooks()` (spec 2.1 `WebhookOptions`). */
export interface WebhookOptions {
  /** The signing secret, or a map provider name to secret (then only those providers are served). */
  secret: string | Record<string, string>;
  /** Serve only this provider (default: the `:provider` path parameter, among those with a secret). */
  provider?: string;
  /** Route path (default `/webhook/:provider`); without `:provider` in it, `provider` is required. */
  path?: string;
  /** Event kinds handed to `handler`; others are acknowledged with 202 and not handled (default: all). */
  allowedEvents?: string[];
  /** Receives each verified, fresh, allowed delivery; its return value is the response (default `{ received: true }`). */
  handler?: (event: string, payload: unknown, ctx: Context) => unknown;
  /** Verifiers by provider name, merged over `webhookProviders` (add your own, or a `genericProvider({...})`). */
  providers?: Record<string, WebhookProvider>;
  /** Largest body accepted, in bytes (default 10 MiB); larger is a 413, checked while reading. */
  maxBodySize?: number;
  /** Where signed contents and delivery ids are remembered to refuse replays (default a `MemoryKV`; give Redis, or a strongly consistent store on workers, across instances). */
  replayStore?: KVStore | ((ctx: Context) => KVStore);
  /** Seconds a delivery id, and the signed content of a delivery with no signed timestamp (GitHub), is remembered (default 86400). */
  replayWindow?: number;
  /** Refuse replays (409 `WEBHOOK_REPLAYED`): true for every provider (default), false for none, or per provider name (unnamed ones stay on). */
  replayProtection?: boolean | Record<string, boolean>;
  /** Clock in milliseconds (default `Date.now`). */
  now?: () => number;
}
