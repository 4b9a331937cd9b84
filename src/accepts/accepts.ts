import type { Context } from '../core/context';
import { checkOptions } from '../core/options';
import { preferredCharsets, preferredEncodings, preferredLanguages, preferredMediaTypes } from './preferred';

/** The request headers `accepts()` negotiates on, as Hono's `accepts` names them (any letter case). */
export type AcceptHeader = 'Accept' | 'Accept-Charset' | 'Accept-Encoding' | 'Accept-Language';

/** Options of `accepts()`. */
export interface AcceptsOptions {
  /** Which Accept header to read. */
  header: AcceptHeader | Lowercase<AcceptHeader>;
  /** What the app can answer with, in its order of preference for ties. */
  supports: string[];
  /** The answer when the header is absent or allows none of `supports`. */
  default: string;
}

const rankers: Record<Lowercase<AcceptHeader>, (header: string | null, available: string[]) => string[]> = {
  accept: preferredMediaTypes,
  'accept-charset': preferredCharsets,
  'accept-encoding': preferredEncodings,
  'accept-language': preferredLanguages,
};

const acceptsOptionsKeys: Record<keyof AcceptsOptions, true> = { header: true, supports: true, default: true };

/** Checks `accepts()` options, throwing a TypeError that says what to pass. */
function checked(options: AcceptsOptions): (header: string | null, available: string[]) => string[] {
  checkOptions('accepts()', options, acceptsOptionsKeys);
  const ranker = typeof options?.header === 'string' ? rankers[options.header.toLowerCase() as Lowercase<AcceptHeader>] : undefined;
  if (ranker === undefined)
    throw new TypeError(
      `accepts(): header must be Accept, Accept-Charset, Accept-Encoding or Accept-Language, got ${String(options?.header)}`,
    );
  if (!Array.isArray(options.supports) || options.supports.some((s) => typeof s !== 'string' || s === ''))
    throw new TypeError('accepts(): supports must be a list of non-empty strings');
  if (typeof options.default !== 'string') throw new TypeError('accepts(): default must be a string');
  return ranker;
}

/**
 * The entry of `supports` the request's Accept header (`header`) prefers, or `default` when the header is absent or
 * allows none. Ranking is the `negotiator` package's (q-values, then specificity, then the order of `supports`).
 */
export function accepts(ctx: Context | Request, options: AcceptsOptions): string {
  const rank = checked(options);
  const request = ctx instanceof Request ? ctx : ctx.request;
  const header = request.headers.get(options.header);
  if (header === null || header.trim() === '') return options.default;
  return rank(header, options.supports)[0] ?? options.default;
}

/**
 * A negotiator fixed at startup (its options checked once, so a bad option fails when the app starts): call it with
 * a request's context to get the entry of `supports` that request prefers, or `default`.
 */
export function acceptsFor(options: AcceptsOptions): (ctx: Context | Request) => string {
  checked(options);
  const fixed = { header: options.header, supports: [...options.supports], default: options.default };
  return (ctx) => accepts(ctx, fixed);
}
