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
  /** Largest request body in bytes (default 1 MiB); Bun answers larger ones with 413. */
  maxBodySize?: number;
}

/** Options of `serve(app, options)`: the adapter options plus where to listen. */
export interface BunServeOptions extends BunAdapterOptions {
  /** Port to listen on (default 3000; 0 picks a free one). */
  port?: number;
  /** Interface to bind (default 0.0.0.0). */
  hostname?: string;
}

/** The default body limit: 1 MiB, the same as fw/node. */
export const defaultMaxBodySize = 1024 * 1024;
