import { SystemError } from '../core/errors';

/** Serializes work on a single connection (sqlite, d1) so a transaction never interleaves with other queries; waits are bounded. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly timeoutMs: number, private readonly engine: string) {}

  /** Runs `fn` once every earlier holder is done; fails with a 503 SystemError after the busy timeout. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    const current = new Promise<void>((resolve) => { release = resolve; });
    this.tail = previous.then(() => current);
    try {
      await this.wait(previous);
    } catch (error) {
      previous.then(release, release);
      throw error;
    }
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private wait(previous: Promise<void>): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SystemError(
        `${this.engine}: waited ${this.timeoutMs} ms for a running transaction to finish (inside a transaction, run queries on its tx argument, not on db)`,
        { code: 'DB_BUSY', status: 503, retryable: true, details: { engine: this.engine, code: 'DB_BUSY' } },
      )), this.timeoutMs);
    });
    return Promise.race([previous, timeout]).finally(() => clearTimeout(timer));
  }
}
