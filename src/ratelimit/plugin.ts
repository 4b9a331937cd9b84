import type { FwPluginConfig, Middleware } from '../core/types';
import { RateLimiter } from './limiter';
import type { RateLimitOptions } from './types';
import { checkOptions } from '../core/options';

/** The app state key the limiter registers under; the MCP tool `fw/ratelimit/metrics` reads it. */
export const RATE_LIMIT_STATE_KEY = 'fw:ratelimit';

/** Every option of rateLimit(), so a mistyped key fails at startup. */
const rateLimitOptionsKeys: Record<keyof RateLimitOptions, true> = {
  max: true,
  windowMs: true,
  store: true,
  key: true,
  skip: true,
  headers: true,
  message: true,
  onLimited: true,
  ipv6Subnet: true,
  policyName: true,
  onExceeded: true,
  ban: true,
  onBanned: true,
  routeStore: true,
};

/** Rate limiting for every request as a plugin; registers the limiter as app state `fw:ratelimit` for metrics. */
export function rateLimit(options: RateLimitOptions = {}): FwPluginConfig {
  checkOptions('rateLimit()', options, rateLimitOptionsKeys);
  const limiter = new RateLimiter(options);
  return {
    name: 'rate-limit',
    setup(app) {
      app.setState(RATE_LIMIT_STATE_KEY, limiter);
      limiter.checkRoutes(app);
      app.use(limiter.middleware());
    },
  };
}

/** Rate limiting as middleware, for one path prefix or one group (`app.use('/api', rateLimitMiddleware(...))`). */
export function rateLimitMiddleware(options: RateLimitOptions = {}): Middleware {
  checkOptions('rateLimit()', options, rateLimitOptionsKeys);
  return new RateLimiter(options).middleware();
}
