import { isWebSocketRequest, withWebSockets, type CoreFw, type Server } from 'fw';
import { markReady, startInvocation } from 'fw/serverless';
import { bunRuntime, type BunServerHandle } from './bun-types';
import type { BunServeOptions } from './options';
import { bunWebSocketHandlers, type SocketData } from './websocket';
import { limitBody, nativeBodyLimit, refuseBody } from './body-limit';
import { badHostResponse, withHost } from './request-host';
import { nodeServices } from '../node/platform-services';

/** A running Bun server: the fw `Server` plus Bun's own server object. */
export interface BunServer extends Server {
  /** The object `Bun.serve` returned. */
  bun: BunServerHandle;
  /** `http://host:port` (or https) to reach it. */
  url: string;
}

const internalError = () =>
  new Response('{"error":"Internal Server Error","code":"INTERNAL_ERROR"}', {
    status: 500,
    headers: { 'content-type': 'application/json' },
  });

/**
 * Serves an app on `Bun.serve`: HTTP routes through `app.fetch`, ws routes on Bun's native WebSockets. An app with
 * no platform services (a fw/core app) is given Bun's (Node's, which Bun runs).
 */
export async function serve(app: CoreFw, options: BunServeOptions = {}): Promise<BunServer> {
  app.platform ??= nodeServices;
  const runtime = bunRuntime();
  const maxBodySize = options.maxBodySize ?? app.maxBodySize;
  if (typeof maxBodySize !== 'number' || Number.isNaN(maxBodySize) || maxBodySize < 0)
    throw new RangeError('maxBodySize must be a number of bytes >= 0');
  await app.ready();
  const sockets = withWebSockets(app);
  const hasSockets = sockets !== null && sockets.websockets.routes().length > 0;

  let env: { server: BunServerHandle } | null = null;
  /** Only the first invocation's end is worth recording (its duration); later ones skip the extra promise. */
  let first = true;
  const upgrade = async (request: Request, server: BunServerHandle): Promise<Response | undefined> => {
    const result = await sockets!.upgradeWebSocket(request, env!);
    if (result === null) return app.fetch(request, env!);
    if (result instanceof Response) return result;
    const data: SocketData = { upgrade: result, driver: null };
    if (server.upgrade(request, { data, headers: result.headers })) return undefined;
    return new Response('{"error":"Malformed WebSocket handshake","code":"BAD_REQUEST"}', {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
  };

  const scheme = options.tls ? 'https' : 'http';
  const server = runtime.serve<SocketData>({
    port: options.port ?? 3000,
    hostname: options.hostname ?? '0.0.0.0',
    maxRequestBodySize: nativeBodyLimit(maxBodySize),
    ...(options.tls ? { tls: options.tls } : {}),
    fetch(received, server) {
      const incoming = withHost(received, scheme);
      if (incoming === null) return badHostResponse();
      const finished = startInvocation('bun', app);
      env ??= { server };
      const request = maxBodySize === Infinity ? incoming : limitBody(incoming, maxBodySize);
      const answer =
        request instanceof Error
          ? refuseBody(app, incoming, request)
          : hasSockets && isWebSocketRequest(request)
            ? upgrade(request, server)
            : app.fetch(request, env);
      if (!first) return answer;
      first = false;
      return Promise.resolve(answer).finally(finished);
    },
    error(error) {
      console.error('fw/bun: request failed outside the app', error);
      return internalError();
    },
    ...(sockets === null ? {} : { websocket: bunWebSocketHandlers(sockets) }),
  });
  markReady();
  return {
    port: server.port,
    hostname: server.hostname,
    bun: server,
    url: server.url.href.replace(/\/$/, ''),
    stop: async () => {
      await server.stop(true);
    },
  };
}
