import type { OtlpSender } from './otlp-sender';

/** Counters of one signal's queue. */
export interface OtlpBatcherStats {
  queued: number;
  /** Items dropped because the queue was full, or because their batch failed after its retries. */
  dropped: number;
  exported: number;
  failedBatches: number;
}

/** A bounded queue of one signal's items (spans, log records) sent in batches, one POST at a time. */
export interface OtlpBatcher<T> {
  add(item: T): void;
  /** Sends what is queued; resolves when done (pass it to `waitUntil`), never rejects. */
  flush(): Promise<void>;
  stats(): OtlpBatcherStats;
}

/** What a batcher needs: where to post, how to build the body, and its bounds. */
export interface OtlpBatcherOptions<T> {
  sender: OtlpSender;
  path: string;
  build: (items: T[]) => unknown;
  maxBatchSize: number;
  maxQueueSize: number;
  onError: (error: unknown) => void;
}

/** Creates a batcher: beyond `maxQueueSize` the oldest items are dropped, so a down collector never grows memory. */
export function createOtlpBatcher<T>(options: OtlpBatcherOptions<T>): OtlpBatcher<T> {
  const { sender, path, build, maxBatchSize, maxQueueSize, onError } = options;
  const queue: T[] = [];
  const counts = { dropped: 0, exported: 0, failedBatches: 0 };
  let running: Promise<void> | null = null;

  async function send(batch: T[]): Promise<void> {
    let error: unknown;
    try {
      error = await sender.post(path, build(batch));
    } catch (thrown) {
      error = thrown;
    }
    if (error === null) {
      counts.exported += batch.length;
      return;
    }
    counts.failedBatches++;
    counts.dropped += batch.length;
    try {
      onError(error);
    } catch {}
  }

  async function drain(): Promise<void> {
    while (queue.length > 0 && sender.pausedUntil() <= Date.now()) await send(queue.splice(0, maxBatchSize));
  }

  /** One drain at a time; a flush during one waits for it, then sends what came meanwhile. */
  function flush(): Promise<void> {
    if (running !== null) return running.then(flush);
    if (queue.length === 0) return Promise.resolve();
    const current = drain().finally(() => {
      running = null;
    });
    running = current;
    return current;
  }

  return {
    add(item) {
      queue.push(item);
      if (queue.length > maxQueueSize) counts.dropped += queue.splice(0, queue.length - maxQueueSize).length;
      if (queue.length >= maxBatchSize) void flush();
    },
    flush,
    stats: () => ({ queued: queue.length, ...counts }),
  };
}
