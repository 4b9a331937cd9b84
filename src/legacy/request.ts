/** The Express-style `req` a legacy middleware sees, built from the fw Context (Web APIs only: no node:http). */
import type { Context } from '../core/context';

/** The `req` object: the IncomingMessage fields Express middleware reads, plus Express's helpers. */
export interface LegacyRequest {
  method: string;
  url: string;
  originalUrl: string;
  baseUrl: string;
  path: string;
  headers: Record<string, string | string[]>;
  query: Record<string, string>;
  params: Record<string, string>;
  hostname: string;
  protocol: string;
  secure: boolean;
  ip: string | undefined;
  socket: { remoteAddress: string | undefined; encrypted: boolean };
  connection: { remoteAddress: string | undefined; encrypted: boolean };
  body?: unknown;
  /** The fw context behind this request. */
  ctx: Context;
  get(name: string): string | string[] | undefined;
  header(name: string): string | string[] | undefined;
  [key: string]: unknown;
}

function headerObject(headers: Headers): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  const cookies = headers.getSetCookie?.() ?? [];
  if (cookies.length > 0) out['set-cookie'] = cookies;
  return out;
}

/** Builds `req` for the context; `ip` comes from `x-forwarded-for`'s first entry when present (the targets set it behind proxies). */
export function legacyRequest(ctx: Context): LegacyRequest {
  const url = new URL(ctx.request.url);
  const headers = headerObject(ctx.request.headers);
  const forwarded = ctx.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || undefined;
  const secure = url.protocol === 'https:';
  const socket = { remoteAddress: forwarded, encrypted: secure };
  const get = (name: string) => headers[name.toLowerCase() === 'referrer' ? 'referer' : name.toLowerCase()];
  return {
    method: ctx.request.method,
    url: url.pathname + url.search,
    originalUrl: url.pathname + url.search,
    baseUrl: '',
    path: url.pathname,
    headers,
    query: ctx.query,
    params: ctx.params,
    hostname: url.hostname,
    protocol: url.protocol.slice(0, -1),
    secure,
    ip: forwarded,
    socket,
    connection: socket,
    ctx,
    get,
    header: get,
  };
}
