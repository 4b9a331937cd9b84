/** Milliseconds kept free before a platform deadline when a stream closes itself. */
const MARGIN_MS = 1000;

/**
 * How long a long-lived stream may stay open on this platform: on Lambda (fw/lambda hands `{ event, context }`
 * as env) until just before the invocation's deadline, so the function answers instead of timing out; elsewhere
 * there is no limit (null).
 */
export function streamLifetime(env: unknown): number | null {
  const remaining = (env as { context?: { getRemainingTimeInMillis?: () => number } } | null | undefined)?.context?.getRemainingTimeInMillis?.();
  return typeof remaining === 'number' ? Math.max(0, remaining - MARGIN_MS) : null;
}

/** Closes `close` after the platform's stream lifetime, if it has one; returns the cancel function. */
export function closeBeforeDeadline(env: unknown, close: () => void): () => void {
  const lifetime = streamLifetime(env);
  if (lifetime === null) return () => {};
  const timer = setTimeout(close, lifetime);
  return () => clearTimeout(timer);
}
