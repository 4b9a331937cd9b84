import type { Context, KVStore } from 'fw';

/** What a provider verifier sees of one delivery: headers, the raw body bytes, and the clock (seconds). */
export interface WebhookDelivery {
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
  nowSeconds: number;
}

/** The outcome of a signature check: the delivery id (for replay detection) when valid, else why not. */
export type VerifyResult = { ok: true; deliveryId: string | null } | { ok: false; reason: string };

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
  /** Where delivery ids are remembered to refuse replays (default a `MemoryKV`; give Redis or Workers KV across instances). */
  replayStore?: KVStore | ((ctx: Context) => KVStore);
  /** How long a delivery id is remembered, in seconds (default 86400). */
  replayWindow?: number;
  /** Clock in milliseconds (default `Date.now`). */
  now?: () => number;
}
