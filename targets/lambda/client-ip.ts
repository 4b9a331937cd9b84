/** The caller's IP address as each event source reports it. */
import type { LambdaHttpEvent } from './types';
import { eventHeader } from './sources/fields';

/** The client IP: `identity.sourceIp` (v1), `http.sourceIp` (v2), or the last `x-forwarded-for` entry the ALB appended (never the first, which the client controls). */
export function clientIp(event: LambdaHttpEvent): string | null {
  const rc = event.requestContext as { identity?: { sourceIp?: string }; http?: { sourceIp?: string }; elb?: unknown } | undefined;
  if (rc?.http?.sourceIp) return rc.http.sourceIp;
  if (rc?.identity?.sourceIp) return rc.identity.sourceIp;
  const forwarded = eventHeader(event, 'x-forwarded-for');
  if (!forwarded) return null;
  const last = forwarded.split(',').pop()!.trim();
  return last === '' ? null : last;
}
