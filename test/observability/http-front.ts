/**
 * A socket for a target whose client has none, so an outside tool (Prometheus) can reach it: a 127.0.0.1 HTTP
 * server that hands each request to the target's client and writes its Response back (for the worker: through
 * miniflare's dispatchFetch).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { TargetClient } from '../targets/every-target';

/** A running front: `host:port` to point a tool at, and `close()`. */
export interface HttpFront {
  host: string;
  close(): Promise<void>;
}

const hopByHop = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding']);

/** The request's headers as the client's RequestInit takes them, without hop-by-hop ones. */
function headersOf(req: IncomingMessage): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (!hopByHop.has(req.rawHeaders[i].toLowerCase())) pairs.push([req.rawHeaders[i], req.rawHeaders[i + 1]]);
  return pairs;
}

/** Serves `client` on a free 127.0.0.1 port; a request the client fails on gets a 502 with the error's message. */
export function httpFront(client: TargetClient): Promise<HttpFront> {
  const server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
      const response = await client.fetch(req.url ?? '/', { method: req.method, headers: headersOf(req), body });
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      res.writeHead(response.status, headers.flat());
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address !== 'object' || address === null) return reject(new Error('the front has no port'));
      resolve({
        host: `127.0.0.1:${address.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
