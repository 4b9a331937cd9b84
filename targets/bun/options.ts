/** TLS material for Bun.serve: PEM strings, or what Bun.file() returns. */
export interface BunTLSOptions {
  key: unknown;
  cert: unknown;
  ca?: unknown;
}

/** Options of the Bun adapter (`bun(options)`). */
export interface BunAdapterOptions {
  /** Serve HTTPS with this key and certificate. */
  tls?: BunTLSOptions;
  /** Largest request body in bytes (default: the app's `maxBodySize`, 1 MiB unless set); larger ones get a 413. */
  maxBodySize?: number;
}

/** Options of `serve(app, options)`: the adapter options plus where to listen. */
export interface BunServeOptions extends BunAdapterOptions {
  /** Port to listen on (default 3000; 0 picks a free one). */
  port?: number;
  /** Interface to bind (default 0.0.0.0). */
  hostname?: string;
}
