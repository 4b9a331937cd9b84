import type { Context } from '../core/context';
import { ForbiddenError } from '../core/errors';
import { checkOptions } from '../core/options';
import type { Middleware } from '../core/types';
import { peerAddress } from '../web/peer-address';
import { parseAddress } from './address';
import { type IpRule, listMatcher } from './rules';

/** Options of ipRestriction(). */
export interface IpRestrictionOptions {
  /** Only these addresses pass (when given and not empty); checked after `deny`. */
  allow?: IpRule[];
  /** These addresses never pass. */
  deny?: IpRule[];
  /** The client address (default: `ctx.ip` when trustProxy() ran in front, else the peer address the target reports). */
  address?: (ctx: Context) => string | null | undefined;
  /** The answer to a refused address (default: 403 `{ code: 'IP_DENIED' }`); not used for an unknown address. */
  onDenied?: (ctx: Context, address: string) => Response | Promise<Response>;
}

const optionKeys: Record<keyof IpRestrictionOptions, true> = { allow: true, deny: true, address: true, onDenied: true };

/** The client address as the rate limiter finds it: trustProxy()'s `ctx.ip`, else the target's peer address. */
function defaultAddress(ctx: Context): string | null {
  const trusted = (ctx as { ip?: string | null }).ip;
  return trusted === undefined ? peerAddress(ctx) : trusted;
}

function checkFunctions(options: IpRestrictionOptions): void {
  for (const name of ['address', 'onDenied'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function')
      throw new TypeError(`ipRestriction: ${name} must be a function`);
  }
}

/**
 * Allows or refuses requests by client address: an address on `deny` gets 403, and when `allow` lists rules, so does
 * every address it does not match. A request whose address is unknown or not an IP address is refused too (403,
 * `IP_UNKNOWN`), since no rule can be checked for it. Rules are checked at startup; a bad one throws, naming it.
 */
export function ipRestriction(given: IpRestrictionOptions): Middleware {
  const options = given ?? {};
  checkOptions('ipRestriction()', options, optionKeys);
  checkFunctions(options);
  const deny = listMatcher('deny', options.deny);
  const allow = options.allow?.length ? listMatcher('allow', options.allow) : null;
  if (deny === null && allow === null) throw new TypeError('ipRestriction: give allow or deny rules (or both)');
  const addressOf = options.address ?? defaultAddress;

  return async (ctx, next) => {
    const raw = addressOf(ctx);
    const address = typeof raw === 'string' ? parseAddress(raw.trim()) : null;
    if (address === null) throw new ForbiddenError('Forbidden: the client address is unknown', { code: 'IP_UNKNOWN' });
    const refused = (deny !== null && (await deny(address, ctx))) || (allow !== null && !(await allow(address, ctx)));
    if (!refused) return next();
    if (options.onDenied) return options.onDenied(ctx, address.text);
    throw new ForbiddenError('Forbidden', { code: 'IP_DENIED' });
  };
}
