/** Tells Lambda events apart by the fields each source always sets (never by `rawPath` alone: Hono #5015). */

/** The kinds of event the Lambda target knows. */
export type EventKind = 'v1' | 'v2' | 'alb' | 'sqs' | 'schedule' | 'eventBridge' | 'unknown';

/** The HTTP event kinds: REST (and HTTP API payload 1.0), HTTP API payload 2.0 / function URL, ALB. */
export type HttpKind = 'v1' | 'v2' | 'alb';

type Loose = Record<string, any>;

/** Classifies an event: ALB by `requestContext.elb`, v2 by `requestContext.http`, v1 by `httpMethod`, then SQS and EventBridge. */
export function detectEvent(event: unknown): EventKind {
  if (typeof event !== 'object' || event === null) return 'unknown';
  const e = event as Loose;
  const rc = e.requestContext;
  if (typeof rc === 'object' && rc !== null) {
    if (rc.elb) return 'alb';
    if (typeof rc.http === 'object' && rc.http !== null && typeof rc.http.method === 'string') return 'v2';
  }
  if (typeof e.httpMethod === 'string') return 'v1';
  if (Array.isArray(e.Records) && e.Records.length > 0 && e.Records[0]?.eventSource === 'aws:sqs') return 'sqs';
  if (typeof e['detail-type'] === 'string' && typeof e.source === 'string') {
    return e['detail-type'] === 'Scheduled Event' ? 'schedule' : 'eventBridge';
  }
  return 'unknown';
}

/** A short description of an event nobody handles, for the error message. */
export function describeEvent(event: unknown): string {
  if (typeof event !== 'object' || event === null) return `a ${event === null ? 'null' : typeof event} value`;
  const keys = Object.keys(event).slice(0, 8);
  return `an object with keys [${keys.join(', ')}]`;
}
