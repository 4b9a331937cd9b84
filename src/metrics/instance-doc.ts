import { bucketCount } from './slot';
import type { ColdStartSlot, RouteSlot } from './types';

/** One route of an instance's document: its slots in the window and its counts since the instance started. */
export interface DocRoute {
  method: string;
  route: string;
  slots: RouteSlot[];
  lifetime: RouteSlot;
}

/** One target's cold starts in an instance's document. */
export interface DocColdStarts {
  target: string;
  slots: ColdStartSlot[];
  lifetime: ColdStartSlot;
}

/** What one instance writes to the store (one key per instance per app), and what the reader merges. */
export interface InstanceDoc {
  v: 1;
  id: string;
  target: string;
  startedAt: number;
  lastSeen: number;
  slotMs: number;
  routes: DocRoute[];
  coldStarts: DocColdStarts[];
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isBuckets = (v: unknown): boolean => Array.isArray(v) && v.length === bucketCount && v.every(isNumber);

function isRouteSlot(v: any): v is RouteSlot {
  const s = v?.status;
  return (
    isNumber(v?.t) &&
    isNumber(v.count) &&
    isNumber(v.sumMs) &&
    isBuckets(v.buckets) &&
    isNumber(s?.['2xx']) &&
    isNumber(s['3xx']) &&
    isNumber(s['4xx']) &&
    isNumber(s['5xx'])
  );
}

function isColdStartSlot(v: any): v is ColdStartSlot {
  return (
    isNumber(v?.t) &&
    isNumber(v.count) &&
    isNumber(v.initSumMs) &&
    isNumber(v.firstSumMs) &&
    isBuckets(v.initBuckets) &&
    isBuckets(v.firstBuckets)
  );
}

const isRoute = (v: any): v is DocRoute =>
  typeof v?.method === 'string' &&
  typeof v.route === 'string' &&
  Array.isArray(v.slots) &&
  v.slots.every(isRouteSlot) &&
  isRouteSlot(v.lifetime);

const isColdStarts = (v: any): v is DocColdStarts =>
  typeof v?.target === 'string' && Array.isArray(v.slots) && v.slots.every(isColdStartSlot) && isColdStartSlot(v.lifetime);

/** The document a stored string holds, or null when it is not one (another version, a truncated write, foreign data). */
export function parseInstanceDoc(text: string | null): InstanceDoc | null {
  if (text === null) return null;
  let doc: any;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  const ok =
    doc?.v === 1 &&
    typeof doc.id === 'string' &&
    typeof doc.target === 'string' &&
    isNumber(doc.startedAt) &&
    isNumber(doc.lastSeen) &&
    isNumber(doc.slotMs) &&
    Array.isArray(doc.routes) &&
    doc.routes.every(isRoute) &&
    Array.isArray(doc.coldStarts) &&
    doc.coldStarts.every(isColdStarts);
  return ok ? (doc as InstanceDoc) : null;
}

/** The oldest slot start in a document, or null when it has no slot. */
function oldestSlot(doc: InstanceDoc): number | null {
  let oldest: number | null = null;
  for (const series of [...doc.routes, ...doc.coldStarts])
    if (series.slots.length > 0 && (oldest === null || series.slots[0].t < oldest)) oldest = series.slots[0].t;
  return oldest;
}

/**
 * The document as JSON of at most `maxBytes` (UTF-8): while it is larger, the oldest slot time is dropped from every
 * series (lifetime counts stay); null when even no slot at all does not fit (too many routes for the limit).
 */
export function encodeInstanceDoc(doc: InstanceDoc, maxBytes: number): string | null {
  const encoder = new TextEncoder();
  let current = doc;
  for (;;) {
    const text = JSON.stringify(current);
    if (text.length <= maxBytes / 3 || encoder.encode(text).length <= maxBytes) return text;
    const oldest = oldestSlot(current);
    if (oldest === null) return null;
    current = {
      ...current,
      routes: current.routes.map((r) => ({ ...r, slots: r.slots.filter((s) => s.t !== oldest) })),
      coldStarts: current.coldStarts.map((c) => ({ ...c, slots: c.slots.filter((s) => s.t !== oldest) })),
    };
  }
}
