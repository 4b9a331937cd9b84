/**
 * The Host header cases fw/node and fw/bun share: an app with a public and an internal route, a raw-socket client
 * (so any Host can be sent), and the Host values that must be refused or kept.
 */
import { connect } from 'node:net';
import { Fw } from 'fw';

/** `/public` and `/internal` answer their own name; anything else answers `star` with the path it saw. */
export function hostApp(): Fw {
  const app = new Fw();
  app.get('/public', (ctx) => ({ route: 'public', url: ctx.request.url }));
  app.get('/internal', () => ({ route: 'internal' }));
  app.all('/*', (ctx) => ({ route: 'star', path: ctx.path }));
  app.get('/', (ctx) => ({ route: 'root', path: ctx.path }));
  return app;
}

/** What a server answered one raw request with: status code and JSON body (null when the body is not JSON). */
export interface RawAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

/** Sends `head` (request line and header lines, each ending in CRLF) on a fresh socket and reads the whole answer. */
export function rawRequest(port: number, head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}Connection: close\r\n\r\n`));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? 0);
      const text = data.slice(data.indexOf('\r\n\r\n') + 4);
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      resolve({ status, body });
    });
  });
}

/** Host values with path, query, fragment, userinfo or other characters no host has: each is a 400. */
export const refusedHosts = [
  '127.0.0.1/internal?',
  '127.0.0.1/internal',
  'evil.test/internal#',
  '127.0.0.1?/internal',
  '127.0.0.1#/internal',
  'user@127.0.0.1',
  'a\\internal',
  'a b',
  '127.0.0.1:80/internal',
  '',
];

/** Host values that are hosts: the path stays `/public`. */
export const keptHosts = ['127.0.0.1', 'localhost:8080', '[::1]:80', 'Example.COM', 'api.example.test.', 'a-b.example'];
