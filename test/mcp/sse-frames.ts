/** Reads server-sent events frame by frame from a fetch response, for the resumability tests. */

/** One SSE frame: its fields as sent (data lines joined), and the JSON-RPC message when data holds one. */
export interface Frame {
  id?: string;
  retry?: number;
  data?: string;
  message?: any;
}

function parseFrame(text: string): Frame {
  const frame: Frame = {};
  const data: string[] = [];
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') frame.id = value;
    else if (field === 'retry') frame.retry = Number(value);
    else if (field === 'data') data.push(value);
  }
  if (data.length > 0) frame.data = data.join('\n');
  if (frame.data) frame.message = JSON.parse(frame.data);
  return frame;
}

/** A frame reader over a response body. */
export class FrameReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  /** Every frame read so far. */
  readonly frames: Frame[] = [];
  /** Whether the server ended the body. */
  ended = false;

  constructor(response: Response) {
    this.reader = response.body!.getReader();
  }

  /** Reads until `count` frames in all were read (or the body ends); returns the new ones. */
  async until(count: number): Promise<Frame[]> {
    const start = this.frames.length;
    while (this.frames.length < count && !this.ended) {
      const split = this.buffer.indexOf('\n\n');
      if (split !== -1) {
        this.frames.push(parseFrame(this.buffer.slice(0, split)));
        this.buffer = this.buffer.slice(split + 2);
        continue;
      }
      const { value, done } = await this.reader.read();
      if (done) this.ended = true;
      else this.buffer += this.decoder.decode(value, { stream: true });
    }
    return this.frames.slice(start);
  }

  /** Reads to the end of the body; returns the new frames. */
  rest(): Promise<Frame[]> {
    return this.until(Infinity);
  }

  /** Drops the connection, as a client losing its network would. */
  async drop(): Promise<void> {
    await this.reader.cancel();
  }
}
