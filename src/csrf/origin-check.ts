/**
 * The browser-side check of csrf(): a form post is allowed when the browser says it comes from an allowed site
 * (`Sec-Fetch-Site`) or from an allowed origin (`Origin`); Hono's csrf() rule, its options and defaults.
 */
import type { Context } from '../core/context';

/** The values browsers send in Sec-Fetch-Site. */
export type SecFetchSite = 'same-origin' | 'same-site' | 'none' | 'cross-site';

/** Which origins may post forms: one, a list, or a function of the origin and the context. */
export type CsrfOrigin = string | string[] | ((origin: string, ctx: Context) => boolean | Promise<boolean>);

/** Which Sec-Fetch-Site values pass: one, a list, or a function of the value and the context. */
export type CsrfSecFetchSite = SecFetchSite | SecFetchSite[] | ((site: SecFetchSite, ctx: Context) => boolean | Promise<boolean>);

type Test<T> = (value: T, ctx: Context) => boolean | Promise<boolean>;

const secFetchSites: readonly string[] = ['same-origin', 'same-site', 'none', 'cross-site'];

/** An origin as browsers send it (`scheme://host[:port]`), lower-cased; anything else throws at startup with the fix. */
function checkedOrigin(origin: unknown): string {
  if (typeof origin !== 'string')
    throw new TypeError(`csrf: origin must be an origin, a list of origins or a function, got ${typeof origin}`);
  const value = origin.replace(/\/$/, '').toLowerCase();
  let parsed: string | null = null;
  try {
    parsed = new URL(value).origin;
  } catch {
    // not a URL at all: the message below says what an origin looks like
  }
  if (parsed === value && value !== 'null') return value;
  const hint = parsed !== null && parsed !== 'null' ? ` (did you mean ${JSON.stringify(parsed)}?)` : '';
  throw new TypeError(`csrf: origin ${JSON.stringify(origin)} is not an origin as browsers send it (scheme://host[:port])${hint}`);
}

/** The Origin test; by default the request URL's own origin. */
export function originTest(option: CsrfOrigin | undefined): Test<string> {
  if (option === undefined) return (origin, ctx) => origin === new URL(ctx.request.url).origin;
  if (typeof option === 'function') return option;
  const allowed = new Set((Array.isArray(option) ? option : [option]).map(checkedOrigin));
  return (origin) => allowed.has(origin.toLowerCase());
}

/** The Sec-Fetch-Site test; by default `same-origin` only. */
export function secFetchSiteTest(option: CsrfSecFetchSite | undefined): Test<SecFetchSite> {
  if (option === undefined) return (site) => site === 'same-origin';
  if (typeof option === 'function') return option;
  const list = Array.isArray(option) ? option : [option];
  for (const site of list) {
    if (!secFetchSites.includes(site))
      throw new TypeError(`csrf: secFetchSite ${JSON.stringify(site)} is not one of ${secFetchSites.join(', ')}`);
  }
  return (site) => list.includes(site);
}

/** Whether the request's Sec-Fetch-Site or Origin is allowed (a missing or unknown header never is). */
export async function sameSiteRequest(ctx: Context, sites: Test<SecFetchSite>, origins: Test<string>): Promise<boolean> {
  const site = ctx.header('sec-fetch-site');
  if (site !== null && secFetchSites.includes(site) && (await sites(site as SecFetchSite, ctx)) === true) return true;
  const origin = ctx.header('origin');
  return origin !== null && (await origins(origin, ctx)) === true;
}
