import type { Context } from '../core/context';
import { checkOptions } from '../core/options';
import { assertAccess, healthAccess, type HealthAccessOptions } from './access';

const accessKeys: Record<keyof HealthAccessOptions, true> = { token: true, authorize: true, loopback: true };

/**
 * A guard for operator endpoints (the workspace metrics and dashboard): null for an authorized caller (loopback by default, or the
 * `token` / `authorize` of `access`; anyone with `'public'`), else the 401 answer with a Bearer challenge.
 */
export function operatorGuard(
  access: HealthAccessOptions | 'public' | undefined,
  where: string,
  realm: string,
): (ctx: Context) => Promise<Response | null> {
  if (access === 'public') return async () => null;
  if (access !== undefined && (typeof access !== 'object' || access === null))
    throw new TypeError(`${where} must be { token?, authorize?, loopback? } or 'public', got ${JSON.stringify(access)}`);
  checkOptions<HealthAccessOptions>(where, access, accessKeys);
  assertAccess(where, access ?? {});
  const authorized = healthAccess(access ?? {});
  return async (ctx) =>
    (await authorized(ctx))
      ? null
      : new Response(JSON.stringify({ error: 'Authentication required', code: 'UNAUTHORIZED' }), {
          status: 401,
          headers: { 'content-type': 'application/json', 'www-authenticate': `Bearer realm="${realm}"`, 'cache-control': 'no-store' },
        });
}
