const encoder = new TextEncoder();

/** A server-sent events stream over a Web ReadableStream; writes after the client left are ignored. */
export class SSEStream {
  readonly readable: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private open = true;

  constructor(onClose?: () => void) {
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => {
        this.open = false;
        onClose?.();
      },
    });
  }

  /** Whether events can still be written. */
  get isOpen(): boolean {
    return this.open;
  }

  /** Writes one event (multi-line data is split into several `data:` lines), with an event id when given. */
  event(data: string, event?: string, id?: string): boolean {
    let frame = id === undefined ? '' : `id: ${id}\n`;
    if (event !== undefined) frame += `event: ${event}\n`;
    for (const line of data.split('\n')) frame += `data: ${line}\n`;
    return this.write(frame);
  }

  /**
   * Writes a frame without a message: an event id with empty data (the 2025-11-25 priming event, which lets the
   * client reconnect with `Last-Event-ID` before any message arrived) and/or `retry` (milliseconds before reconnecting).
   */
  mark(id: string | undefined, retryMs: number | undefined): boolean {
    let frame = id === undefined ? '' : `id: ${id}\n`;
    if (retryMs !== undefined) frame += `retry: ${retryMs}\n`;
    if (id !== undefined) frame += 'data: \n';
    return this.write(frame);
  }

  /** Writes an SSE comment (clients ignore it): a keep-alive for intermediaries on a quiet stream. */
  comment(text = ''): boolean {
    return this.write(`:${text}\n`);
  }

  /** Ends the stream. */
  close(): void {
    if (!this.open) return;
    this.open = false;
    this.controller.close();
  }

  /** The HTTP response that carries this stream. */
  response(headers?: Record<string, string>): Response {
    return new Response(this.readable, {
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', ...headers },
    });
  }

  private write(frame: string): boolean {
    if (!this.open) return false;
    this.controller.enqueue(encoder.encode(`${frame}\n`));
    return true;
  }
}
