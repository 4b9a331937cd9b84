import { HttpError } from '../core/errors';
import type { Context } from '../core/context';
import type { FwPluginConfig } from '../core/types';
import { readLimited } from './body';
import { resolveWebhookOptions, type ResolvedWebhookOptions } from './options';
import { parsePayload } from './payload';
import { stringField } from './providers/fields';
import { claimMarks, releaseMarks, replayMarks, type ReplayMark } from './replay';
import type { VerifiedDelivery, WebhookOptions } from './types';

function unknownProvider(name: string): HttpError {
  return new HttpError(404, `No webhook provider "${name}" is configured here`, { code: 'UNKNOWN_WEBHOOK_PROVIDER' });
}

/** A 500 naming a custom provider whose `verify()` accepted a delivery without saying what was signed (a developer mistake). */
function checkVerified(name: string, verdict: VerifiedDelivery): void {
  const expiry = verdict.expiresAt;
  if (verdict.signed instanceof Uint8Array && (expiry === null || (typeof expiry === 'number' && Number.isFinite(expiry)))) return;
  throw new HttpError(
    500,
    `Webhook provider "${name}": verify() must return signed (the signed bytes) and expiresAt (unix seconds or null) with ok: true, for replay protection (or turn replayProtection off for it)`,
    { code: 'INVALID_WEBHOOK_PROVIDER' },
  );
}

/** The route handler: raw body, signature, payload, event filter, replay check, then the user's handler. */
function receive(options: ResolvedWebhookOptions): (ctx: Context) => Promise<unknown> {
  return async (ctx) => {
    const name = options.fixedProvider ?? ctx.params.provider ?? '';
    if (options.fixedProvider !== null && ctx.params.provider !== undefined && ctx.params.provider !== name)
      throw unknownProvider(ctx.params.provider);
    const provider = Object.hasOwn(options.providers, name) ? options.providers[name] : undefined;
    const secret = options.secretFor(name);
    if (provider === undefined || secret === undefined) throw unknownProvider(name);

    const body = await readLimited(ctx.request, options.maxBodySize);
    const nowSeconds = Math.floor(options.now() / 1000);
    const verdict = await provider.verify({ headers: ctx.request.headers, body, nowSeconds }, secret);
    if (!verdict.ok) throw new HttpError(401, `Webhook signature rejected: ${verdict.reason}`, { code: 'INVALID_WEBHOOK_SIGNATURE' });

    const payload = parsePayload(body, ctx.header('content-type'));
    if (name === 'slack' && stringField(payload, 'type') === 'url_verification') return { challenge: stringField(payload, 'challenge') };
    const event = provider.event(ctx.request.headers, payload);
    if (options.allowedEvents !== null && (event === null || !options.allowedEvents.has(event))) {
      return ctx.status(202).jsonResponse({ received: true, ignored: event });
    }

    let marks: ReplayMark[] = [];
    const kv = options.replayProtected(name) ? options.replayStore(ctx) : null;
    if (kv !== null) {
      checkVerified(name, verdict);
      const id = verdict.deliveryId ?? provider.deliveryId?.(payload) ?? null;
      marks = await claimMarks(kv, await replayMarks(name, verdict, id, nowSeconds, options.replayWindow));
    }
    try {
      const result = await options.handler(event ?? 'unknown', payload, ctx);
      if (kv !== null && ((result instanceof Response && result.status >= 500) || ctx.statusCode >= 500)) await releaseMarks(kv, marks);
      return result;
    } catch (error) {
      if (kv !== null) await releaseMarks(kv, marks);
      throw error;
    }
  };
}

/**
 * Signature-verified webhook deliveries on `POST /webhook/:provider` (or `path`): the raw body is checked against the
 * provider's secret before anything parses it (401 when the signature, header or timestamp is wrong), a malformed
 * payload is a 400, a replayed delivery (same signed content, or same delivery id) a 409, an event outside
 * `allowedEvents` a 202 that skips the handler.
 */
export function webhooks(options: WebhookOptions): FwPluginConfig {
  const resolved = resolveWebhookOptions(options);
  return {
    name: `webhooks:${resolved.path}`,
    setup(app) {
      app.post(resolved.path, receive(resolved), { tags: ['webhooks'], summary: 'Receives signed webhook deliveries' });
    },
  };
}
