import type { KVStore } from '../kv/types';
import { encodeInstanceDoc, parseInstanceDoc, type InstanceDoc } from './instance-doc';

/** Where an app's instances keep their documents: `fw:metrics:<name>:`, then the instance id. */
export const storePrefix = (name: string): string => `fw:metrics:${name}:`;

/** What a write needs besides the document. */
export interface WriteSettings {
  name: string;
  /** The retention window in ms: the key's TTL. */
  retentionMs: number;
  maxStoreBytes: number;
}

/**
 * Writes one instance's document under its own key with a TTL of the retention window (at least 60 s, Workers KV's
 * floor), so an instance that stops reporting disappears from the store by itself.
 */
export async function writeInstanceDoc(store: KVStore, doc: InstanceDoc, settings: WriteSettings): Promise<void> {
  const text = encodeInstanceDoc(doc, settings.maxStoreBytes);
  if (text === null)
    throw new Error(
      `fw/metrics: the metrics of instance ${doc.id} do not fit in maxStoreBytes (${settings.maxStoreBytes}); raise it or lower maxRoutes`,
    );
  await store.put(storePrefix(settings.name) + doc.id, text, { ttl: Math.max(60, Math.ceil(settings.retentionMs / 1000)) });
}

/** The documents of the app's instances in the store (at most `max`, leaving out `exceptId`); unreadable ones are skipped. */
export async function readInstanceDocs(store: KVStore, name: string, max: number, exceptId: string | null): Promise<InstanceDoc[]> {
  const prefix = storePrefix(name);
  const keys = (await store.list({ prefix, limit: max + 1 })).filter((key) => key !== prefix + exceptId).slice(0, max);
  const texts = await Promise.all(keys.map((key) => store.get(key)));
  return texts.map(parseInstanceDoc).filter((doc): doc is InstanceDoc => doc !== null && doc.id !== exceptId);
}
