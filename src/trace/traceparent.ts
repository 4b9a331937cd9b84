/** The parts of a W3C `traceparent` header. */
export interface TraceParent {
  version: string;
  traceId: string;
  /** The caller's span (the parent of spans made here). */
  parentId: string;
  /** Trace flags; bit 0 is "sampled". */
  flags: number;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** Parses a `traceparent` header per W3C Trace Context; null for anything invalid (all-zero ids, version ff, bad shape). */
export function parseTraceparent(header: string | null | undefined): TraceParent | null {
  if (typeof header !== 'string') return null;
  const match = TRACEPARENT.exec(header.trim().toLowerCase());
  if (!match) return null;
  const [, version, traceId, parentId, flags, rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null;
  if (/^0+$/.test(traceId) || /^0+$/.test(parentId)) return null;
  return { version, traceId, parentId, flags: parseInt(flags, 16) };
}

/** Formats a version-00 `traceparent` header. */
export function formatTraceparent(traceId: string, spanId: string, sampled = true): string {
  return `00-${traceId}-${spanId}-${sampled ? '01' : '00'}`;
}

const TRACESTATE_MEMBER = /^[a-z0-9][a-z0-9_\-*/@]{0,255}=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

/** Keeps the valid members of a `tracestate` header (at most 32), or null when none is valid. */
export function sanitizeTracestate(header: string | null | undefined): string | null {
  if (typeof header !== 'string') return null;
  const members = header
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '' && TRACESTATE_MEMBER.test(m));
  return members.length === 0 ? null : members.slice(0, 32).join(',');
}
