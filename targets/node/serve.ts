import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { CoreFw, Server } from 'fw';
import { markReady } from 'fw/serverless';
import { answerClientError } from './client-error';
import { createListener } from './listener';
import type { NodeServeOptions } from './options';
import { checkServerOptions } from './server-options';
import { nodeServices } from './platform-services';
import { NodeWebSockets } from './upgrade';

/** A running Node server: the fw `Server` plus the underlying `node:http(s)` server. */
export interface NodeServer extends Server {
  /** The `node:http` or `node:https` server. */
  node: HttpServer;
  /** `http://host:port` (or https) to reach it. */
  url: string;
}

/**
 * Serves an app on `node:http` (or `node:https` with `tls`), HTTP and WebSocket routes, with the body limit and
 * time-outs of the options (bad values reject before anything listens); resolves once listening. An app with no
 * platform services (a fw/core app) is given Node's.
 */
export async function serve(app: CoreFw, options: NodeServeOptions = {}): Promise<NodeServer> {
  app.platform ??= nodeServices;
  const { maxBodySize, http } = checkServerOptions(options, app.maxBodySize);
  const scheme = options.tls ? 'https' : 'http';
  const listener = createListener(app, { scheme, maxBodySize });
  const server: HttpServer = options.tls
    ? createHttpsServer({ ...http, key: options.tls.key, cert: options.tls.cert, ca: options.tls.ca }, listener)
    : createHttpServer(http, listener);
  const sockets = new NodeWebSockets(app, scheme);
  server.on('upgrade', sockets.onUpgrade);
  server.on('clientError', answerClientError);
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
