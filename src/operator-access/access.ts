import { digest, sameDigest } from '../bearer-auth/timing-safe';
import type { Context } from '../core/context';
import { ipMatcher, normalizeIp } from '../web/ip';
import { peerAddress } from '../web/peer-address';

/** Who is an authorized caller of the operator endpoints: health details, dashboards, metrics (any one of these is enough). */
export interface HealthAccessOptions {
  /** A token the caller sends as `Authorization: Bearer <token>`, or a function giving it per request (from `ctx.env`). */
  token?: string | ((ctx: Context) => string | undefined);
  /** The app's own guard: resolves true for a caller that may see the app's internals (a throw counts as false). */
  authorize?: (ctx: Context) => boolean | Promise<boolean>;
  /** Authorize a caller whose connection came from this machine, 127.0.0.0/8 or ::1 (default true: a local operator). */
  loopback?: boolean;
}

/** Decides, per request, whether the caller is authorized. */
export type AccessCheck = (ctx: Context) => Promise<boolean>;

const isLoopbackIp = ipMatcher(['loopback']);

/**
 * Whether the connection came from this machine: the peer address the target knows (`peerAddress`), or `ctx.ip`
 * when the app mounts `trustProxy()`, is loopback. Never on workers or Lambda (an execution context: the address is
 * one the platform's edge reports for a remote client), and never when, without `trustProxy()`, the request carries
 * a forwarding header: a proxy on this machine then relayed a caller it did not vouch for.
 */
export function loopbackCaller(ctx: Context): boolean {
  if (ctx.executionCtx !== undefined) return false;
  const trusted = (ctx as { ip?: string | null }).ip;
  if (trusted === undefined && (ctx.header('x-forwarded-for') !== null || ctx.header('forwarded') !== null)) return false;
  const raw = trusted === undefined ? peerAddress(ctx) : trusted;
  const ip = raw === null ? null : normalizeIp(raw);
  return ip !== null && isLoopbackIp(ip);
}

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive); null for any other header. */
function bearerToken(ctx: Context): string | null {
  const match = /^bearer +(\S+) *$/i.exec(ctx.header('authorization') ?? '');
  return match ? match[1] : null;
}

/** Whether the request carries the expected token, compared as SHA-256 digests in constant time. */
async function tokenMatches(ctx: Context, expected: string | undefined): Promise<boolean> {
  const given = bearerToken(ctx);
  if (given === null || expected === undefined || expected === '') return false;
  return sameDigest(await digest(expected), await digest(given));
}

/** Throws a TypeError saying what to pass when an access option (`token`, `authorize`, `loopback`) is malformed. */
export function assertAccess(where: string, options: HealthAccessOptions): void {
  const { token, authorize, loopback } = options;
  if (token !== undefined && typeof token !== 'function' && (typeof token !== 'string' || token.trim() === ''))
    throw new TypeError(
      `${where}: "token" must be a non-empty string (a secret from the environment) or (ctx) => string | undefined, got ${JSON.stringify(token)}`,
    );
  if (authorize !== undefined && typeof authorize !== 'function')
    throw new TypeError(`${where}: "authorize" must be a function (ctx) => boolean | Promise<boolean>, the app's own guard`);
  if (loopback !== undefined && typeof loopback !== 'boolean')
    throw new TypeError(`${where}: "loopback" must be true or false, got ${JSON.stringify(loopback)}`);
}

/**
 * The access check the options describe: a loopback caller (unless `loopback: false`), a caller with the token, or
 * one `authorize` accepts. Without any of them configured, only a loopback caller. A `token` function or `authorize`
 * that throws counts as "not authorized", so the probes still answer their status.
 */
export function healthAccess(options: HealthAccessOptions): AccessCheck {
  const { token, authorize } = options;
  const loopback = options.loopback ?? true;
  return async (ctx) => {
    if (loopback && loopbackCaller(ctx)) return true;
    try {
      if (token !== undefined && (await tokenMatches(ctx, typeof token === 'function' ? token(ctx) : token))) return true;
      return authorize !== undefined && (await authorize(ctx)) === true;
    } catch {
      return false;
    }
  };
}
