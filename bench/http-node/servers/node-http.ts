/**
 * Raw node:http, the floor every framework on Node pays: the timed paths matched by hand first, the 224
 * background routes (by regular expression) only in the fallback, POST /users checked by hand.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extraAnswer, extraRoutes, hello, isUser, middlewareAnswer, middlewareHeader, ping, poweredBy } from '../../lib/http-app';

const textType = 'text/plain; charset=utf-8';
const jsonType = 'application/json';
const extra = extraRoutes.map((route) => ({ method: route.method, pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`) }));

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(JSON.parse(text)));
    req.on('error', reject);
  });
}

/** The one middleware: sets its header, then runs the route. */
function middleware(res: ServerResponse, next: () => void): void {
  res.setHeader(...middlewareHeader);
  next();
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url!;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (req.method === 'GET') {
    if (path === '/') return send(res, 200, jsonType, JSON.stringify(hello));
    if (path === '/ping') return send(res, 200, textType, ping);
    if (path.startsWith('/id/') && path.indexOf('/', 4) === -1) {
      res.setHeader(...poweredBy);
      return send(res, 200, textType, `${path.slice(4)} ${new URLSearchParams(q === -1 ? '' : url.slice(q + 1)).get('name')}`);
    }
    if (path === '/mw/hello') return middleware(res, () => send(res, 200, textType, middlewareAnswer));
  } else if (req.method === 'POST') {
    if (path === '/json') return send(res, 200, jsonType, JSON.stringify(await readJson(req)));
    if (path === '/users') {
      const body = await readJson(req);
      return isUser(body) ? send(res, 201, jsonType, JSON.stringify(body)) : send(res, 400, jsonType, '{"error":"invalid user"}');
    }
  }
  if (extra.some((route) => route.method === req.method && route.pattern.test(path))) return send(res, 200, textType, extraAnswer);
  send(res, 404, textType, 'Not Found');
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => send(res, 400, jsonType, '{"error":"bad request"}'));
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })));
