/**
 * Serves a response-streaming Lambda handler (`lambdaStream`) on 127.0.0.1 the way a function URL in
 * RESPONSE_STREAM mode does: each request becomes one invocation with an API Gateway v2 event, and what the
 * handler writes (the HTTP prelude, eight zero bytes, then the body) reaches the client as it is written.
 * Needs the `awslambda` global of test/fixtures/lambda/awslambda-stub.ts installed before `lambdaStream(app)`.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { LambdaStreamHandler } from 'fw/lambda';
import { lambdaContext } from '../fixtures/lambda/context';
import { toEvent } from './lambda-http';

const DELIMITER = Buffer.alloc(8);

/** The function URL front end: parses the prelude the runtime stream starts with, then streams the body through. */
class FrontEnd extends Writable {
  private head: Buffer | null = Buffer.alloc(0);

  constructor(private readonly res: ServerResponse) {
    super();
  }

  /** Called by the stub's HttpResponseStream.from, as the runtime's stream does. */
  setContentType(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.head === null) {
      this.res.write(chunk, () => callback());
      return;
    }
    this.head = Buffer.concat([this.head, chunk]);
    const at = this.head.indexOf(DELIMITER);
    if (at === -1) return callback();
    const prelude = JSON.parse(this.head.subarray(0, at).toString('utf8'));
    const rest = this.head.subarray(at + DELIMITER.length);
    this.head = null;
    this.res.writeHead(prelude.statusCode ?? 200, prelude.headers ?? {});
    this.res.flushHeaders();
    if (rest.length > 0) this.res.write(rest);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.res.end(() => callback());
  }
}

/** Starts the front end on an ephemeral port; every request is one invocation of `handler`. */
export async function serveLambdaStream(handler: LambdaStreamHandler): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const url = new URL(req.url ?? '/', `http://${headers.host ?? '127.0.0.1'}`);
    await handler(toEvent(req.method ?? 'GET', url, headers, Buffer.concat(chunks)), new FrontEnd(res), lambdaContext(30_000) as never);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
