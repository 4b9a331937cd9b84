/** Reads a Response body into the string a Lambda result carries (text or base64), with as few copies as the runtime allows. */
import { lightParts } from '../node/light-response';

/** The body of a Lambda result. */
export interface ResultBody {
  body: string;
  isBase64Encoded: boolean;
}

/**
 * undici (Node's fetch) keeps a body built from a string or bytes as `[Symbol(state)].body.source`; @hono/node-server
 * reads it the same way. Looked up when the first Response that is not a light one is read (a handler that returns
 * objects or strings makes none), not at import.
 */
let stateKey: symbol | undefined | null = null;

function sourceOf(response: Response): string | Uint8Array | null {
  if (stateKey === null) stateKey = Object.getOwnPropertySymbols(new Response(null)).find((s) => s.description === 'state');
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

/** Rejects bytes that are not UTF-8 (a Web-standard stand-in for node:buffer's isUtf8, whose import would load at every cold start); made on first use. */
let strictUtf8: TextDecoder | null = null;

/** The bytes as text when they are valid UTF-8, else null. */
function utf8Text(data: Uint8Array): string | null {
  strictUtf8 ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  try {
    return strictUtf8.decode(data);
  } catch {
    return null;
  }
}

function textBody(text: string, base64: boolean | null): ResultBody {
  return base64 ? { body: Buffer.from(text, 'utf8').toString('base64'), isBase64Encoded: true } : { body: text, isBase64Encoded: false };
}

/** The body as UTF-8 text, or as base64 when `base64` is set; when it is null (no content type), bytes that are not valid UTF-8 go as base64. Buffer's encoder is used: no `String.fromCharCode(...bytes)` stack overflow. */
export async function readBody(response: Response, base64: boolean | null): Promise<ResultBody> {
  const light = lightParts(response);
  if (light !== null) return light.body === null ? { body: '', isBase64Encoded: base64 === true } : textBody(light.body, base64);
  if (response.body === null) return { body: '', isBase64Encoded: base64 === true };
  const source = sourceOf(response);
  if (typeof source === 'string') return textBody(source, base64);
  const data = source === null ? await readAll(response.body) : bytes(source);
  const text = base64 === true ? null : base64 === false ? data.toString('utf8') : utf8Text(data);
  return text === null ? { body: data.toString('base64'), isBase64Encoded: true } : { body: text, isBase64Encoded: false };
}
