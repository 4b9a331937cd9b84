/** The writer a `stream()`, `streamText()` or `streamSSE()` callback gets: writes wait for the client to read. */

const encoder = new TextEncoder();

/** A promise with its resolver, for the hand-over between a write and the client's read. */
interface Turn {
  promise: Promise<void>;
  resolve: () => void;
}

function turn(): Turn {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * Writes a response body chunk by chunk. The body is a pull stream holding no chunk of its own: `write()` settles
 * once the client has taken the chunk, so a producer that awaits its writes never runs ahead of a slow client
 * (back-pressure). When the client goes away (the body is cancelled or the request's signal aborts), `aborted`
 * turns true, the `onAbort` listeners run once and `signal` aborts; later writes do nothing.
 */
export class StreamingApi {
  /** The response body this writer feeds. */
  readonly body: ReadableStream<Uint8Array>;
  /** Whether the client went away before the stream ended. */
  aborted = false;
  /** Whether the stream ended (closed by the helper or by `close()`). */
  closed = false;

  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #wanted: Turn = turn();
  #served: Turn | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #listeners: (() => void | Promise<void>)[] = [];
  #abort = new AbortController();

  constructor() {
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
        },
        pull: () => {
          this.#served = turn();
          this.#wanted.resolve();
          return this.#served.promise;
        },
        cancel: (reason) => this.abort(reason),
      },
      { highWaterMark: 0 },
    );
  }

  /** Aborts when the client goes away: pass it to `fetch` or timers so they stop with the stream. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** Sends bytes or text (UTF-8); settles once the client has read it, or at once when the stream is over. */
  write(input: Uint8Array | string): Promise<this> {
    const bytes = typeof input === 'string' ? encoder.encode(input) : input;
    const done = this.#queue.then(() => this.#send(bytes));
    this.#queue = done;
    return done.then(() => this);
  }

  /** Sends a line of text followed by `\n`. */
  writeln(input: string): Promise<this> {
    return this.write(`${input}\n`);
  }

  /** Waits `ms` milliseconds, or less when the client goes away first. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        this.#abort.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#abort.signal.addEventListener('abort', done);
    });
  }

  /** Sends every chunk of another stream in turn (with the same back-pressure); stops reading it when the client goes away. */
  async pipe(source: ReadableStream<Uint8Array | string>): Promise<void> {
    const reader = source.getReader();
    const stop = () => reader.cancel(this.#abort.signal.reason).catch(() => undefined);
    this.#abort.signal.addEventListener('abort', stop);
    try {
      while (!this.aborted && !this.closed) {
        const next = await reader.read();
        if (next.done) return;
        await this.write(next.value);
      }
    } finally {
      this.#abort.signal.removeEventListener('abort', stop);
      reader.releaseLock();
    }
  }

  /** Registers a function run once when the client goes away (at once when it already has). */
  onAbort(listener: () => void | Promise<void>): void {
    if (this.aborted) void runListener(listener);
    else this.#listeners.push(listener);
  }

  /** Ends the body after the writes already made. */
  async close(): Promise<void> {
    await this.#queue;
    if (this.closed || this.aborted) return;
    this.closed = true;
    this.#controller.close();
    this.#served?.resolve();
  }

  /** Marks the stream as given up (the client went away, or the app says so): listeners run, writes stop. */
  abort(reason?: unknown): void {
    if (this.aborted || this.closed) return;
    this.aborted = true;
    this.#abort.abort(reason ?? new DOMException('The client went away', 'AbortError'));
    this.#wanted.resolve();
    this.#served?.resolve();
    try {
      this.#controller.close();
    } catch {
      // Already cancelled by the client: nothing left to end.
    }
    for (const listener of this.#listeners.splice(0)) void runListener(listener);
  }

  /** Ends the body with an error, so the client sees a cut-off response rather than a complete one. */
  async fail(error: unknown): Promise<void> {
    await this.#queue.catch(() => undefined);
    if (this.closed || this.aborted) return;
    this.closed = true;
    this.#controller.error(error);
    this.#served?.resolve();
  }

  async #send(bytes: Uint8Array): Promise<void> {
    if (this.aborted || this.closed) return;
    await this.#wanted.promise;
    if (this.aborted || this.closed) return;
    this.#wanted = turn();
    this.#controller.enqueue(bytes);
    this.#served?.resolve();
  }
}

async function runListener(listener: () => void | Promise<void>): Promise<void> {
  try {
    await listener();
  } catch (error) {
    console.error('fw/streaming: an onAbort listener failed', error);
  }
}
