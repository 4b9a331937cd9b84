/** Middleware that tells clients whether their request hit a cold instance. */
import type { Middleware } from 'fw';
import { getColdStartStats } from './cold-start';

function withHeaders(response: Response, cold: boolean, ms: number): Response {
  const timing = `cold;dur=${ms.toFixed(1)}`;
  const apply = (headers: Headers) => {
    headers.set('x-cold-start', String(cold));
    headers.append('server-timing', timing);
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}

/** Adds `X-Cold-Start: true|false` and `Server-Timing: cold;dur=<ms>` (the instance's init time on a cold start, 0 when warm). */
export function coldStartHeader(): Middleware {
  return async (_ctx, next) => {
    const response = await next();
    const stats = getColdStartStats();
    return withHeaders(response, stats.coldStart, stats.coldStart ? stats.initDurationMs : 0);
  };
}
