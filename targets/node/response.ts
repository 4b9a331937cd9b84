import type { ServerResponse } from 'node:http';
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
  return Promise.resolve().then().then().then(() => notYet);
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

/**
 * Writes a Response to Node: headers as a flat list (each Set-Cookie its own line), a one-chunk body with
 * Content-Length, longer bodies streamed with back-pressure; stops reading the body when the client leaves.
 */
export async function writeResponse(response: Response, res: ServerResponse, extraHeaders: string[] | null): Promise<void> {
  const status = response.status;
  const body = response.body;
  if (body === null) {
    res.writeHead(status, rawHeaders(response.headers, extraHeaders));
    res.end();
    return;
  }
  const source = bodySource(response);
  if (source !== undefined) {
    const headers = rawHeaders(response.headers, extraHeaders);
    if (!response.headers.has('content-length')) headers.push('content-length', String(typeof source === 'string' ? Buffer.byteLength(source) : source.byteLength));
    res.writeHead(status, headers);
    res.end(source);
    return;
  }
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
      const headers = rawHeaders(response.headers, extraHeaders);
      if (!response.headers.has('content-length')) headers.push('content-length', String(first.value.byteLength));
      res.writeHead(status, headers);
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
