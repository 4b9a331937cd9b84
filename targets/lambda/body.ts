/** Reads a Response body into the string a Lambda result carries (text or base64), with as few copies as the runtime allows. */

/** undici (Node's fetch) keeps a body built from a string or bytes as `[Symbol(state)].body.source`; @hono/node-server reads it the same way. */
const stateKey = Object.getOwnPropertySymbols(new Response(null)).find((s) => s.description === 'state');

function sourceOf(response: Response): string | Uint8Array | null {
  if (stateKey === undefined || response.bodyUsed) return null;
  const source = (response as unknown as Record<symbol, { body?: { source?: unknown } } | undefined>)[stateKey]?.body?.source;
  return typeof source === 'string' || source instanceof Uint8Array ? source : null;
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return chunks.length === 1 ? Buffer.from(chunks[0].buffer, chunks[0].byteOffset, chunks[0].byteLength) : Buffer.concat(chunks);
}

function bytes(source: Uint8Array): Buffer {
  return Buffer.from(source.buffer, source.byteOffset, source.byteLength);
}

/** The body as UTF-8 text, or as base64 when `base64` is set (Buffer's encoder: no `String.fromCharCode(...bytes)` stack overflow). */
export async function readBody(response: Response, base64: boolean): Promise<string> {
  if (response.body === null) return '';
  const source = sourceOf(response);
  if (typeof source === 'string') return base64 ? Buffer.from(source, 'utf8').toString('base64') : source;
  const data = source === null ? await readAll(response.body) : bytes(source);
  return data.toString(base64 ? 'base64' : 'utf8');
}
