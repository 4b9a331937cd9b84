/** TLS material for `node:https`: PEM strings or buffers. */
export interface NodeTLSOptions {
  key: string | Buffer;
  cert: string | Buffer;
  ca?: string | Buffer | Array<string | Buffer>;
}

/** Options of the Node adapter (`node(options)`). */
export interface NodeAdapterOptions {
  /** Serve HTTPS with this key and certificate instead of plain HTTP. */
  tls?: NodeTLSOptions;
  /** Largest request body in bytes (default 1 MiB; `Infinity` for none); larger bodies get a 413. */
  maxBodySize?: number;
}

/** Options of `serve(app, options)`: the adapter options plus where to listen. */
export interface NodeServeOptions extends NodeAdapterOptions {
  /** Port to listen on (default 3000; 0 picks a free one). */
  port?: number;
  /** Interface to bind (default 0.0.0.0). */
  hostname?: string;
}

/** The default body limit: 1 MiB, as Fastify's. */
export const defaultMaxBodySize = 1024 * 1024;
