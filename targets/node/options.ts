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
  /** Largest request body in bytes (default: the app's `maxBodySize`, 1 MiB unless set; `Infinity` for none); larger bodies get a 413. */
  maxBodySize?: number;
  /** Ms a client has to send the request headers, from connecting or from the end of the previous request (default 10000; 0 for none); then 408. */
  headersTimeout?: number;
  /** Ms a client has to send the whole request, headers and body (default 60000; 0 for none); then 408. */
  requestTimeout?: number;
  /** Ms an idle keep-alive connection stays open after a response (default 5000; 0 for no limit). */
  keepAliveTimeout?: number;
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

/** Default time-outs in ms (the reasons are in the README): headers 10 s, whole request 60 s, idle keep-alive 5 s. */
export const defaultTimeouts = { headersTimeout: 10_000, requestTimeout: 60_000, keepAliveTimeout: 5_000 } as const;
