import type { Middleware } from '../core/types';
import { ForbiddenError } from '../core/errors';
import { type CsrfOptions, tokenSettings } from './csrf-options';
import { checkCookieSettings, checkToken, cover } from './csrf-token';
import { originTest, secFetchSiteTest, sameSiteRequest } from './origin-check';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Content types an HTML form (or a no-cors fetch) can send without a preflight; a missing type counts as text/plain. */
const formTypes = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

/**
 * CSRF protection. Unsafe requests (not GET, HEAD or OPTIONS) whose content type a form can send are refused with
 * 403 unless `Sec-Fetch-Site` or `Origin` names an allowed site (Hono's check; browsers send both on form posts).
 * With `token`, every unsafe request must also carry a token made for the browser's secret cookie (`csrfToken(ctx)`
 * makes one), in a header or a form field: the protection for apps behind cookie sessions whose users' browsers
 * send neither header, or that allow other origins.
 */
export function csrf(options: CsrfOptions = {}): Middleware {
  const settings = tokenSettings(options);
  if (settings !== null) checkCookieSettings(settings);
  const origins = originTest(options.origin);
  const sites = secFetchSiteTest(options.secFetchSite);

  return async (ctx, next) => {
    if (settings !== null) cover(ctx, settings);
    if (safeMethods.has(ctx.method)) return next();
    if (formTypes.test(ctx.header('content-type') ?? 'text/plain') && !(await sameSiteRequest(ctx, sites, origins)))
      throw new ForbiddenError('Cross-site form submission refused', { code: 'CSRF_ORIGIN_DENIED' });
    if (settings !== null) await checkToken(ctx, settings);
    return next();
  };
}
