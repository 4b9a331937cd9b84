/**
 * A Lambda handler on HTTP as a function URL puts it: a 127.0.0.1 server that turns each request into a payload 2.0
 * event (the caller's address as its source IP) and writes the handler's result back.
 */
import { createServer } from 'node:http';
import { lambdaContext } from '../fixtures/lambda/context';
import { fromResult, type LambdaResult, toEvent } from './lambda-events';

/** A Lambda handler as fw/lambda's `lambda(app)` makes it. */
type Handler = (event: never, context: never) => Promise<unknown>;

const origin = 'https://fw-example.lambda-url.us-east-1.on.aws';
/** Connection headers, which a function URL does not hand to the function. */
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/** Serves `handler` on a free 127.0.0.1 port and resolves with the port. */
export function serveFunctionUrl(handler: Handler): Promise<number> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: [string, string][] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      if (!hopByHop.has(req.rawHeaders[i].toLowerCase())) headers.push([req.rawHeaders[i], req.rawHeaders[i + 1]]);
    const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
    const request = new Request(`${origin}${req.url ?? '/'}`, { method: req.method, headers, body });
    const event = await toEvent(request, req.socket.remoteAddress ?? '127.0.0.1');
    const response = fromResult((await handler(event as never, lambdaContext(30_000) as never)) as LambdaResult);
    const out: string[] = [];
    response.headers.forEach((value, name) => out.push(name, value));
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}
