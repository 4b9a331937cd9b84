import { HttpError } from '../core/errors';
import type { KVStore } from '../kv';
import type { VerifiedDelivery } from './types';

/**
 * Seconds a record of signed content outlives the moment its signature turns stale, so an instance whose clock lags
 * the one that recorded it by up to this much still refuses the replay.
 */
const clockSkewMargin = 60;

/** One record of a delivery in the replay store: its key, its lifetime in seconds, and the answer when it is already there. */
export interface ReplayMark {
  key: string;
  ttl: number;
  replayed: string;
}

async function sha256Hex(data: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The records of a verified delivery, content first: the SHA-256 of the signed bytes, kept while the signature could
 * still be accepted (plus the skew margin), or `window` seconds when nothing signed dates it; then the delivery id,
 * when there is one, kept `window` seconds (it catches a provider's re-signed retry of a handled event).
 */
export async function replayMarks(
  provider: string,
  delivery: VerifiedDelivery,
  id: string | null,
  nowSeconds: number,
  window: number,
): Promise<ReplayMark[]> {
  const contentTtl = delivery.expiresAt === null ? window : Math.max(1, delivery.expiresAt - nowSeconds + 1) + clockSkewMargin;
  const marks: ReplayMark[] = [
    {
      key: `webhook:${provider}:content:${await sha256Hex(delivery.signed)}`,
      ttl: contentTtl,
      replayed: 'Webhook delivery already received: the same signed content was accepted before (a replay)',
    },
  ];
  if (id !== null) {
    marks.push({
      key: `webhook:${provider}:id:${await sha256Hex(new TextEncoder().encode(id))}`,
      ttl: window,
      replayed: `Webhook delivery ${JSON.stringify(id.slice(0, 100))} was already received`,
    });
  }
  return marks;
}

/**
 * Claims the records in order with an atomic `increment` (1 means this call created it); the first record already
 * there is a 409 `WEBHOOK_REPLAYED` and nothing after it is claimed. Returns the records this delivery now holds.
 */
export async function claimMarks(kv: KVStore, marks: ReplayMark[]): Promise<ReplayMark[]> {
  const claimed: ReplayMark[] = [];
  for (const mark of marks) {
    if ((await kv.increment(mark.key, 1, { ttl: mark.ttl })) !== 1) throw new HttpError(409, mark.replayed, { code: 'WEBHOOK_REPLAYED' });
    claimed.push(mark);
  }
  return claimed;
}

/** Forgets the records of a delivery whose handling failed, so the provider's retry is accepted. */
export async function releaseMarks(kv: KVStore, marks: ReplayMark[]): Promise<void> {
  for (const mark of marks) await kv.delete(mark.key);
}
