/** Whether this runtime wakes code only through events (Cloudflare Workers, AWS Lambda): no signals, no long-lived timers. */
export function isTriggerDrivenRuntime(): boolean {
  const g = globalThis as { navigator?: { userAgent?: string }; awslambda?: unknown };
  return g.navigator?.userAgent === 'Cloudflare-Workers' || g.awslambda !== undefined;
}
