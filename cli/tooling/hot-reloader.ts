/** Dev-time live reload: an SSE endpoint on 127.0.0.1 that tells connected browsers (`connectHMR(port)`) to reload. */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Options of HotReloader. */
export interface HotReloaderOptions {
  /** Port of the reload endpoint (default 0: a free one; read `port` after `start()`). */
  port?: number;
  /** Hostname (default 127.0.0.1). */
  hostname?: string;
}

/** Keeps the list of changed modules and pushes a `reload` event to every browser connected to `/__fw/hmr`. */
export class HotReloader {
  /** Modules reported changed since start, most recent last (each listed once). */
  readonly modules: string[] = [];
  private readonly clients = new Set<ServerResponse>();
  private server: Server | null = null;
  private readonly options: HotReloaderOptions;

  constructor(options: HotReloaderOptions = {}) {
    this.options = options;
  }

  /** The port the endpoint listens on (0 before `start()`). */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  /** How many browsers are connected. */
  get connections(): number {
    return this.clients.size;
  }

  /** Starts the endpoint; resolves with the port. */
  async start(): Promise<number> {
    if (this.server) return this.port;
    const server = createServer((req, res) => {
      if (req.url !== '/__fw/hmr') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: the reload stream is /__fw/hmr');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
      res.write(': connected\n\n');
      this.clients.add(res);
      req.on('close', () => this.clients.delete(res));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.hostname ?? '127.0.0.1', () => resolve());
    });
    this.server = server;
    return this.port;
  }

  /** Records a changed module and tells every connected browser to reload; returns how many were told. */
  trigger(module?: string): number {
    if (module) {
      const at = this.modules.indexOf(module);
      if (at !== -1) this.modules.splice(at, 1);
      this.modules.push(module);
    }
    const data = JSON.stringify({ module: module ?? null });
    for (const client of this.clients) client.write(`event: reload\ndata: ${data}\n\n`);
    return this.clients.size;
  }

  /** Closes every stream and the endpoint. */
  async stop(): Promise<void> {
    for (const client of this.clients) client.end();
    this.clients.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
