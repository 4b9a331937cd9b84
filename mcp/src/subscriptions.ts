/** Which clients (by peer key) subscribed to which resource URIs, for `notifications/resources/updated`. */
export class Subscriptions {
  private readonly byUri = new Map<string, Set<string>>();

  /** Records a subscription. */
  add(uri: string, key: string): void {
    let keys = this.byUri.get(uri);
    if (!keys) this.byUri.set(uri, (keys = new Set()));
    keys.add(key);
  }

  /** Forgets a subscription (no error when there was none). */
  remove(uri: string, key: string): void {
    const keys = this.byUri.get(uri);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.byUri.delete(uri);
  }

  /** The peer keys subscribed to a URI. */
  keysFor(uri: string): ReadonlySet<string> | undefined {
    return this.byUri.get(uri);
  }
}
