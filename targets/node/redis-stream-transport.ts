import type { BusTransport, TransportHooks, TransportListener, TransportStats } from '../../src/event-bus/transport';
import { openRedis, type RedisClient } from './redis-client';
import { ConnectionHealth } from './redis-stream-health';
import { type RedisStreamOptions, type ResolvedStreamOptions, resolveStreamOptions } from './redis-stream-options';

/** The ioredis surface the Streams transport uses beyond fw's RedisClient: raw commands and a duplicate with overrides. */
interface StreamClient extends RedisClient {
  call(command: string, ...args: (string | number)[]): Promise<unknown>;
  duplicate(override?: Record<string, unknown>): StreamClient;
}

/** A stream entry as Redis returns it; fields are null when the entry was trimmed while pending. */
type Entry = [id: string, fields: string[] | null];

/** The entry field holding the serialized bus message. */
const FIELD = 'm';

/** The entries of an XREAD/XREADGROUP reply on one stream: `[[key, entries]]` (RESP2) or `[key, entries]` (a RESP3 map). */
function entriesOf(reply: unknown): Entry[] {
  if (!Array.isArray(reply) || reply.length === 0) return [];
  const pair = (typeof reply[0] === 'string' ? reply : reply[0]) as [string, Entry[] | null];
  return pair[1] ?? [];
}

function messageOf(fields: string[]): string | undefined {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === FIELD) return fields[i + 1];
  return undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long `close()` waits for the message being handled. */
const CLOSE_WAIT_MS = 5000;

/** Settles when `work` does or after `ms`, whichever comes first (never rejects). */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([work.catch(() => undefined), timeout]);
  clearTimeout(timer);
}

/**
 * A BusTransport on a Redis stream (Node, Bun, Lambda): `XADD MAXLEN ~` per message into one stream per bus, so every
 * topic keeps its order. With a `group`, entries are read with `XREADGROUP`, acknowledged (`XACK`) only after the
 * listener's promise settled, re-read from the consumer's own pending list after a restart or a lost connection, and
 * taken over from a dead consumer by `XCLAIM` once idle `claimIdleMs`: at-least-once, the bridge's `event.id` is the
 * idempotency key. Without a group, `XREAD` follows the stream from its end at subscribe time and resumes after a lost
 * connection from the last entry read.
 */
export class RedisStreamTransport implements BusTransport {
  readonly options: ResolvedStreamOptions;
  private readonly connection: RedisStreamOptions;
  private commands: Promise<StreamClient> | null = null;
  private reader: StreamClient | null = null;
  private listener: TransportListener | null = null;
  private health: ConnectionHealth | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private claimTimer: ReturnType<typeof setInterval> | null = null;
  private work: Promise<unknown> = Promise.resolve();
  private fromHistory = true;
  private historyCursor = '0';
  private lastId = '0-0';
  private redeliveries = 0;
  private pending = 0;

  constructor(options: RedisStreamOptions = {}) {
    this.options = resolveStreamOptions(options);
    this.connection = options;
  }

  /** Appends one message to the stream (trimming it to about `maxLen` entries). */
  async publish(message: string): Promise<void> {
    const { channel, maxLen } = this.options;
    await (await this.client()).call('XADD', channel, 'MAXLEN', '~', maxLen, '*', FIELD, message);
  }

  /** Creates the group if needed (new groups start at the stream's end), opens the reader and starts reading. */
  async subscribe(listener: TransportListener, hooks: TransportHooks = {}): Promise<void> {
    if (this.listener) throw new Error('redisBusTransport is already subscribed: make one transport per bridge');
    const { channel, group } = this.options;
    const client = await this.client();
    const report = hooks.onError ?? ((error: unknown) => console.error('[fw redis bus]', error));
    const health = new ConnectionHealth(report);
    if (!this.connection.client)
      health.watch(client, 'publishing', 'publishes wait for it and fail only if it does not come back, each failure reported');
    // A read in flight when the connection drops must fail at once (maxRetriesPerRequest 0) rather than be resent or
    // left unsettled: the loop then re-reads the consumer's own pending entries first, which keeps the order.
    const reader = client.duplicate({ lazyConnect: true, autoResendUnfulfilledCommands: false, maxRetriesPerRequest: 0 });
    const consequence = group
      ? 'no entry is lost: reading resumes from the last acknowledged one'
      : 'no entry is lost: reading resumes after the last one read';
    health.watch(reader, 'reading', consequence, () => {
      this.fromHistory = true;
      this.historyCursor = '0';
    });
    try {
      await reader.connect();
      if (group) await this.createGroup(client);
      else this.lastId = await this.lastEntryId(client);
    } catch (error) {
      health.stop();
      reader.disconnect();
      throw new Error(`redisBusTransport could not start reading stream "${channel}": ${(error as Error).message}`, { cause: error });
    }
    this.health = health;
    this.reader = reader;
    this.listener = listener;
    this.running = true;
    this.loop = this.run(reader);
  }

  /** Counts: errors reported, reconnects of the reader, entries handed over again, entries read and not yet acknowledged. */
  stats(): TransportStats {
    return {
      errors: this.health?.errors ?? 0,
      reconnects: this.health?.reconnects ?? 0,
      redeliveries: this.redeliveries,
      pending: this.pending,
    };
  }

  /**
   * Stops reading and closes the reader and any connection it opened. A message being handled gets up to 5 s to finish
   * and be acknowledged; one still running then stays pending and is delivered again to the group later.
   */
  async close(): Promise<void> {
    this.running = false;
    if (this.claimTimer) clearInterval(this.claimTimer);
    this.claimTimer = null;
    this.health?.stop();
    this.reader?.disconnect();
    this.reader = null;
    await within(Promise.all([this.loop, this.work]), CLOSE_WAIT_MS);
    this.loop = null;
    this.listener = null;
    if (!this.connection.client && this.commands) {
      const commands = this.commands;
      this.commands = null;
      const client = await commands.catch(() => null);
      await client?.quit().catch(() => client.disconnect());
    }
  }

  private client(): Promise<StreamClient> {
    const { client, url, redisOptions } = this.connection;
    this.commands ??= (client ? Promise.resolve(client) : openRedis(url ?? 'redis://127.0.0.1:6379', redisOptions)).catch((error) => {
      this.commands = null;
      throw error;
    }) as Promise<StreamClient>;
    return this.commands;
  }

  private async createGroup(client: StreamClient): Promise<void> {
    const { channel, group } = this.options;
    try {
      await client.call('XGROUP', 'CREATE', channel, group as string, '$', 'MKSTREAM');
    } catch (error) {
      if (!String((error as Error).message).includes('BUSYGROUP')) throw error;
    }
  }

  private async lastEntryId(client: StreamClient): Promise<string> {
    const last = (await client.call('XREVRANGE', this.options.channel, '+', '-', 'COUNT', 1)) as Entry[];
    return last[0]?.[0] ?? '0-0';
  }

  /** Reads until closed; a failed read is reported, then retried after a growing pause (up to 2 s); a deleted stream or group is made again. */
  private async run(reader: StreamClient): Promise<void> {
    let failures = 0;
    while (this.running) {
      try {
        if (this.fromHistory) await this.serially(() => this.readAndHandle(reader));
        else {
          const { entries, again } = await this.read(reader);
          if (entries.length > 0) await this.serially(() => this.handle(entries, again));
        }
        failures = 0;
      } catch (error) {
        if (!this.running) break;
        if (!this.health?.isDown(reader))
          this.health?.fail(
            new Error(`Redis bus read of "${this.options.channel}" failed: ${(error as Error).message}; retrying`, { cause: error }),
          );
        this.fromHistory = true;
        this.historyCursor = '0';
        if (String((error as Error).message).startsWith('NOGROUP')) await this.createGroup(await this.client()).catch(() => undefined);
        await sleep(Math.min(2000, 50 * 2 ** failures++));
      }
    }
  }

  /**
   * Re-reads and handles one of the consumer's own pending entries as one step, so no claim runs between the re-read and
   * its handling: a claim then either took the entry whole (handled and acknowledged) or finds it re-read.
   */
  private async readAndHandle(reader: StreamClient): Promise<void> {
    const { entries, again } = await this.read(reader);
    if (entries.length > 0) await this.handle(entries, again);
  }

  /** The next entries: the consumer's own pending ones first (after a start or a lost connection), then new ones. */
  private async read(reader: StreamClient): Promise<{ entries: Entry[]; again: boolean }> {
    const { channel, group, consumer, batchSize, blockMs } = this.options;
    if (!group) {
      const entries = entriesOf(await reader.call('XREAD', 'COUNT', batchSize, 'BLOCK', blockMs, 'STREAMS', channel, this.lastId));
      return { entries, again: false };
    }
    if (this.fromHistory) {
      // one at a time: each re-read counts a delivery, which should fall on the entry being handled, not on those behind it
      const args = ['GROUP', group, consumer as string, 'COUNT', 1, 'STREAMS', channel, this.historyCursor];
      const entries = entriesOf(await reader.call('XREADGROUP', ...args));
      if (entries.length > 0) this.historyCursor = entries[entries.length - 1][0];
      else {
        this.fromHistory = false;
        this.startClaims();
      }
      return { entries, again: true };
    }
    const args = ['GROUP', group, consumer as string, 'COUNT', batchSize, 'BLOCK', blockMs, 'STREAMS', channel, '>'];
    return { entries: entriesOf(await reader.call('XREADGROUP', ...args)), again: false };
  }

  /** Hands entries to the listener one at a time, in stream order; each is acknowledged once its handling settled. */
  private async handle(entries: Entry[], again: boolean): Promise<void> {
    const { channel, group } = this.options;
    const client = await this.client();
    const exhausted = again && group ? await this.exhausted(client, entries) : new Map<string, number>();
    const acks: Promise<unknown>[] = [];
    this.pending += entries.length;
    for (const [id, fields] of entries) {
      const message = Array.isArray(fields) ? messageOf(fields) : undefined;
      const deliveries = exhausted.get(id);
      if (deliveries !== undefined && message !== undefined) {
        await this.deadLetter(client, id, message, deliveries);
      } else if (!Array.isArray(fields)) {
        this.health?.fail(
          new Error(
            `Redis bus entry ${id} of "${channel}" was trimmed from the stream (MAXLEN) before it was acknowledged: its event is lost`,
          ),
        );
      } else if (message === undefined) {
        this.health?.fail(new Error(`Redis bus entry ${id} of "${channel}" has no "${FIELD}" field (not written by fw's bus): skipped`));
      } else if (this.listener) {
        if (again) this.redeliveries++;
        try {
          await this.listener(message);
        } catch (error) {
          this.health?.fail(error);
        }
      } else {
        this.pending -= 1;
        continue;
      }
      if (!group) {
        this.lastId = id;
        this.pending--;
        continue;
      }
      acks.push(
        client.call('XACK', channel, group, id).then(
          () => this.pending--,
          (error) => {
            this.pending--;
            this.health?.fail(
              new Error(`Redis bus could not acknowledge ${id} of "${channel}" (it will be delivered again): ${(error as Error).message}`, {
                cause: error,
              }),
            );
          },
        ),
      );
    }
    await Promise.all(acks);
  }

  /** The entries among `entries` delivered more than `maxDeliveries` times, with their delivery counts (`XPENDING`). */
  private async exhausted(client: StreamClient, entries: Entry[]): Promise<Map<string, number>> {
    const { channel, group, consumer, maxDeliveries } = this.options;
    const ids = new Set(entries.map(([id]) => id));
    const found = new Map<string, number>();
    try {
      const first = entries[0][0];
      const last = entries[entries.length - 1][0];
      const args = [channel, group as string, first, last, entries.length, consumer as string];
      const rows = (await client.call('XPENDING', ...args)) as [string, string, number, number][];
      for (const [id, , , count] of rows) if (ids.has(id) && count > maxDeliveries) found.set(id, count);
    } catch (error) {
      this.health?.fail(
        new Error(`Redis bus could not read delivery counts of "${channel}": ${(error as Error).message}`, { cause: error }),
      );
    }
    return found;
  }

  /** Copies an entry that keeps failing to `<channel>:dead` and reports it; the caller then acknowledges it. */
  private async deadLetter(client: StreamClient, id: string, message: string, deliveries: number): Promise<void> {
    const { channel, maxLen } = this.options;
    const dead = `${channel}:dead`;
    await client.call('XADD', dead, 'MAXLEN', '~', maxLen, '*', FIELD, message, 'id', id, 'deliveries', deliveries);
    this.health?.fail(
      new Error(
        `Redis bus entry ${id} of "${channel}" was delivered ${deliveries} times without being acknowledged (maxDeliveries ${this.options.maxDeliveries}; does its handler crash the process?): moved to "${dead}" and acknowledged`,
      ),
    );
  }

  private startClaims(): void {
    if (this.claimTimer || !this.running) return;
    const claim = () => void this.serially(() => this.claim()).catch((error) => this.health?.fail(error));
    this.claimTimer = setInterval(claim, this.options.claimIntervalMs);
    (this.claimTimer as { unref?: () => void }).unref?.();
    claim();
  }

  /**
   * Takes over entries other consumers of the group left pending longer than `claimIdleMs` and handles them, one at a
   * time and only the head of the group's pending list, by its id (`XCLAIM`, not `XAUTOCLAIM`, which scans past a head
   * that was re-read meanwhile and would take the entries behind it first, out of the stream's order).
   */
  private async claim(): Promise<void> {
    const { channel, group, consumer, claimIdleMs } = this.options;
    const client = await this.client();
    while (this.running) {
      const [head] = (await client.call('XPENDING', channel, group as string, '-', '+', 1)) as [string, string, number, number][];
      if (head === undefined || head[2] < claimIdleMs) return;
      const [id] = head;
      // a claim counts a delivery, as a re-read does
      const claimed = (await client.call('XCLAIM', channel, group as string, consumer as string, claimIdleMs, id)) as Entry[];
      if (claimed.length > 0) {
        await this.handle(claimed, true);
        continue;
      }
      const kept = (await client.call('XRANGE', channel, id, id)) as Entry[];
      if (kept.length > 0) return; // its owner re-read it, or another consumer took it first
      // Redis drops a trimmed entry from the pending list when it is claimed and answers nothing for it
      this.health?.fail(
        new Error(
          `Redis bus entry ${id} of "${channel}" was trimmed from the stream (MAXLEN) before any consumer acknowledged it: its event is lost`,
        ),
      );
    }
  }

  /** Runs one step after the previous ones, so reads and claims never hand the listener two messages at once. */
  private serially<T>(step: () => Promise<T>): Promise<T> {
    const run = this.work.then(step);
    this.work = run.catch(() => undefined);
    return run;
  }
}
