/** Reads a body whole when it fits in `limit` bytes; otherwise returns a stream that replays what was read, then the rest. */
export async function readBounded(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer> } | { stream: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: concat(chunks, size) };
    chunks.push(value);
    size += value.byteLength;
    if (size > limit) return { stream: replay(chunks, reader) };
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

function replay(chunks: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i < chunks.length) return controller.enqueue(chunks[i++]);
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** Content types that are streams by nature (events, NDJSON, multipart replace): never buffered. */
export function isStreamingType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return (
    type === 'text/event-stream' ||
    type === 'application/x-ndjson' ||
    type === 'application/stream+json' ||
    type.startsWith('multipart/x-mixed-replace')
  );
}

/** Lower-case hex of a SHA digest of some bytes. */
export async function digestHex(algorithm: 'SHA-1' | 'SHA-256', bytes: Uint8Array<ArrayBuffer> | string): Promise<string> {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const digest = new Uint8Array(await crypto.subtle.digest(algorithm, data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
