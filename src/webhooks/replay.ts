import type { KVStore } from 'fw';

/** Remembers delivery ids in a `KVStore` so a delivery is handled once; an atomic increment decides races. */
export class ReplayGuard {
  private readonly window: number;

  constructor(window: number) {
    this.window = window;
  }

  /** True when this delivery id is new (and now remembered); false for a replay. */
  async claim(kv: KVStore, provider: string, id: string): Promise<boolean> {
    return (await kv.increment(this.key(provider, id), 1, { ttl: this.window })) === 1;
  }

  /** Forgets a delivery whose handling failed, so the provider's retry is accepted. */
  release(kv: KVStore, provider: string, id: string): Promise<void> {
    return kv.delete(this.key(provider, id));
  }

  private key(provider: string, id: string): string {
    return `webhook:${provider}:${id}`;
  }
}
