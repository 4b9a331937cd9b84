import type { ServerResponse } from 'node:http';
import { lightParts, type LightParts } from './light-response';
import { bodySource } from './body-source';

function rawHeaders(headers: Headers, extra: string[] | null): string[] {
  const out: string[] = [];
  for (const [name, value] of headers) out.push(name, value);
  if (extra !== null) out.push(...extra);
  return out;
}

const notYet = Symbol('not yet');

/** Settles after a few microtasks: a body whose end is not known by then is a stream, not a one-chunk body. */
function shortly(): Promise<typeof notYet> {
  return Promise.resolve()
    .then()
    .then()
    .then(() => notYet);
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** The response headers as a flat list with a Content-Length added for a body of known size, when it has none. */
function headersWithLength(headers: Headers, extra: string[] | null, length: number | null): string[] {
  const out = rawHeaders(headers, extra);
  if (length !== null && !headers.has('content-length')) out.push('content-length', String(length));
  return out;
}

/**
 * Writes an untouched LightResponse: its string with a Content-Length. With only a content type known (no Headers
 * made), the headers go to Node as a plain object, which `writeHead` uses as is; otherwise as a flat list.
 */
function writeLight(light: LightParts, res: ServerResponse, extra: string[] | null): void {
  const { body, contentType, pairs, headers } = light;
  const length = body === null ? null : Buffer.byteLength(body);
  if (headers !== null) res.writeHead(light.status, headersWithLength(headers, extra, length));
  else if (pairs !== null) res.writeHead(light.status, pairList(pairs, length, extra));
  else if (extra !== null) res.writeHead(light.status, plainList(contentType, length, extra));
  else {
    const out: Record<string, string | number> = {};
    if (contentType !== null) out['content-type'] = contentType;
    if (length !== null) out['content-length'] = length;
    res.writeHead(light.status, out);
  }
  if (body === null) res.end();
  else res.end(body);
}

/** Checked name/value pairs as a flat list, with a Content-Length for the body when the pairs carry none. */
function pairList(pairs: [string, string][], length: number | null, extra: string[] | null): string[] {
  const out: string[] = [];
  let hasLength = false;
  for (const [name, value] of pairs) {
    out.push(name, value);
    if (name === 'content-length') hasLength = true;
  }
  if (length !== null && !hasLength) out.push('content-length', String(length));
  if (extra !== null) out.push(...extra);
  return out;
}

function plainList(contentType: string | null, length: number | null, extra: string[]): string[] {
  const out = contentType === null ? [] : ['content-type', contentType];
  if (length !== null) out.push('content-length', String(length));
  out.push(...extra);
  return out;
}

/**
 * Writes a Response to Node: a LightResponse from its string, otherwise headers as a flat list (each Set-Cookie its own line), a one-chunk body with
 * Content-Length, longer bodies streamed with back-pressure; stops reading the body when the client leaves.
 * Returns nothing when it could write everything at once, else a promise of the streamed write.
 */
export function writeResponse(response: Response, res: ServerResponse, extraHeaders: string[] | null): Promise<void> | undefined {
  const light = lightParts(response);
  if (light !== null) {
    writeLight(light, res, extraHeaders);
    return undefined;
  }
  const body = response.body;
  if (body === null) {
    res.writeHead(response.status, rawHeaders(response.headers, extraHeaders));
    res.end();
    return undefined;
  }
  const source = bodySource(response);
  if (source === undefined) return streamBody(response, body, res, extraHeaders);
  res.writeHead(
    response.status,
    headersWithLength(response.headers, extraHeaders, typeof source === 'string' ? Buffer.byteLength(source) : source.byteLength),
  );
  res.end(source);
  return undefined;
}

async function streamBody(
  response: Response,
  body: ReadableStream<Uint8Array>,
  res: ServerResponse,
  extraHeaders: string[] | null,
): Promise<void> {
  const status = response.status;
  const reader = body.getReader();
  try {
    const first = await reader.read();
    if (first.done) {
      res.writeHead(status, rawHeaders(response.headers, extraHeaders));
      res.end();
      return;
    }
    const pending = reader.read();
    const second = await Promise.race([pending, shortly()]);
    if (second !== notYet && second.done) {
      res.writeHead(status, headersWithLength(response.headers, extraHeaders, first.value.byteLength));
      res.end(first.value);
      return;
    }
    res.writeHead(status, rawHeaders(response.headers, extraHeaders));
    res.write(first.value);
    let next = second === notYet ? await pending : second;
    while (!next.done) {
      if (res.destroyed) {
        await reader.cancel(new DOMException('The client disconnected', 'AbortError'));
        return;
      }
      if (!res.write(next.value)) await drained(res);
      next = await reader.read();
    }
    res.end();
  } catch (error) {
    reader.cancel(error).catch(() => undefined);
    if (!res.headersSent) throw error;
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
