import { SystemError } from '../core/errors';

interface Waiter {
  resolve(): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Serializes work on a single connection (sqlite) so a transaction never interleaves with other queries. Taking a
 * free lock costs no timer; a waiter gives up with a 503 SystemError after the busy timeout instead of hanging.
 */
export class Mutex {
  private locked = false;
  private readonly waiters: Waiter[] = [];

  constructor(
    private readonly timeoutMs: number,
    private readonly engine: string,
  ) {}

  /** Runs `fn` once every earlier holder is done. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.locked) await this.wait();
    else this.locked = true;
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  private wait(): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(
            new SystemError(
              `${this.engine}: waited ${this.timeoutMs} ms for a running transaction to finish (inside a transaction, run queries on its tx argument, not on db)`,
              {
                errorId: crypto.randomUUID(),
                code: 'DB_BUSY',
                status: 503,
                retryable: true,
                details: { engine: this.engine, code: 'DB_BUSY' },
              },
            ),
          );
        }, this.timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiters.shift();
    if (!next) {
      this.locked = false;
      return;
    }
    clearTimeout(next.timer);
    next.resolve();
  }
}
