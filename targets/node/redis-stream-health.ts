import type { RedisClient } from './redis-client';

/**
 * Watches the Redis connections of a bus transport and reports every loss and failure: a lost connection is an
 * error through `report` (saying what it means for delivery), its return counts as a reconnect and runs `onBack`.
 */
export class ConnectionHealth {
  errors = 0;
  reconnects = 0;
  private closing = false;
  private readonly down = new Set<RedisClient>();

  constructor(private readonly report: (error: unknown) => void) {}

  /** Reports a failure and counts it. */
  fail(error: unknown): void {
    this.errors++;
    this.report(error);
  }

  /** Starts watching one connection (`label` names it, `consequence` says what its loss means); `onBack` runs when it is usable again. */
  watch(client: RedisClient, label: string, consequence: string, onBack?: () => void): void {
    client.on('error', (error: Error) => {
      if (!this.closing) this.fail(new Error(`Redis bus ${label} connection failed: ${error.message}`, { cause: error }));
    });
    client.on('close', () => {
      if (this.closing || this.down.has(client)) return;
      this.down.add(client);
      this.fail(new Error(`Redis bus ${label} connection lost; reconnecting (${consequence})`));
    });
    client.on('ready', () => {
      if (!this.down.delete(client)) return;
      this.reconnects++;
      onBack?.();
    });
  }

  /** Whether a watched connection is lost and not back yet (its failures were reported with the loss). */
  isDown(client: RedisClient): boolean {
    return this.down.has(client);
  }

  /** Stops reporting: closing the connections on purpose is no failure. */
  stop(): void {
    this.closing = true;
  }
}
