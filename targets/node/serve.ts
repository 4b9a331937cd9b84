import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Fw, Server } from 'fw';
import { markReady } from 'fw/serverless';
import { createListener } from './listener';
import { defaultMaxBodySize, type NodeServeOptions } from './options';
import { NodeWebSockets } from './upgrade';

/** A running Node server: the fw `Server` plus the underlying `node:http(s)` server. */
export interface NodeServer extends Server {
  /** The `node:http` or `node:https` server. */
  node: HttpServer;
  /** `http://host:port` (or https) to reach it. */
  url: string;
}

function checkLimit(limit: number): number {
  if (typeof limit !== 'number' || Number.isNaN(limit) || limit < 0) throw new RangeError('maxBodySize must be a number of bytes >= 0 (or Infinity)');
  return limit;
}

/** Serves an app on `node:http` (or `node:https` with `tls`), HTTP and WebSocket routes; resolves once listening. */
export async function serve(app: Fw, options: NodeServeOptions = {}): Promise<NodeServer> {
  const maxBodySize = checkLimit(options.maxBodySize ?? defaultMaxBodySize);
  const scheme = options.tls ? 'https' : 'http';
  const listener = createListener(app, { scheme, maxBodySize });
  const server: HttpServer = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert, ca: options.tls.ca }, listener)
    : createHttpServer(listener);
  const sockets = new NodeWebSockets(app, scheme);
  server.on('upgrade', sockets.onUpgrade);
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  await app.ready();
  const hostname = options.hostname ?? '0.0.0.0';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  markReady();
  const port = (server.address() as AddressInfo).port;
  const shownHost = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname.includes(':') ? `[${hostname}]` : hostname;
  return {
    port,
    hostname,
    node: server,
    url: `${scheme}://${shownHost}:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        sockets.closeAll();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
