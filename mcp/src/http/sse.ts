const encoder = new TextEncoder();

/** A server-sent events stream over a Web ReadableStream; writes after the client left are ignored. */
export class SSEStream {
  readonly readable: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private open = true;

  constructor(onClose?: () => void) {
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => { this.controller = controller; },
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

  /** Writes one event (multi-line data is split into several `data:` lines). */
  event(data: string, event?: string): boolean {
    if (!this.open) return false;
    let frame = event === undefined ? '' : `event: ${event}\n`;
    for (const line of data.split('\n')) frame += `data: ${line}\n`;
    this.controller.enqueue(encoder.encode(`${frame}\n`));
    return true;
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
}
