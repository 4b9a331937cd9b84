import type { KVStore } from '../kv/types';
import type { SpanRecord } from './span';

/** Options of the KV trace bridge. */
export interface TraceBridgeOptions {
  /** Key prefix (default `fw:trace:`). */
  prefix?: string;
  /** How long spans are kept, in seconds (default 3600). */
  ttlSeconds?: number;
}

/** A trace assembled from the spans every instance stored: flat list by start time, and the tree by parent. */
export interface JoinedTrace {
  traceId: string;
  spans: SpanRecord[];
  roots: SpanNode[];
  services: string[];
  durationMs: number;
}

/** A span with its children. */
export interface SpanNode {
  span: SpanRecord;
  children: SpanNode[];
}

const TRACE_ID = /^[0-9a-f]{32}$/;

/**
 * Stores spans in a KVStore shared by every instance (Redis on Node/Bun/Lambda, Workers KV on the edge) so one
 * trace that crossed several instances can be read back whole: use `bridge.handler` as an `onSpan` handler.
 */
export class KVTraceBridge {
  private readonly store: KVStore;
  private readonly prefix: string;
  private readonly ttlSeconds: number;

  constructor(store: KVStore, options: TraceBridgeOptions = {}) {
    if (!store || typeof store.put !== 'function' || typeof store.list !== 'function') throw new TypeError('KVTraceBridge needs a KVStore');
    this.store = store;
    this.prefix = options.prefix ?? 'fw:trace:';
    this.ttlSeconds = options.ttlSeconds ?? 3600;
    if (!(this.ttlSeconds > 0)) throw new TypeError('KVTraceBridge ttlSeconds must be a positive number');
  }

  /** Stores one span (the `onSpan` handler; its promise is kept alive with `waitUntil` inside requests). */
  readonly handler = (span: SpanRecord): Promise<void> =>
    this.store.put(`${this.prefix}${span.traceId}:${span.spanId}`, JSON.stringify(span), { ttl: this.ttlSeconds });

  /** Reads every stored span of a trace and joins them by parent id; null when none is stored. */
  async getTrace(traceId: string): Promise<JoinedTrace | null> {
    if (typeof traceId !== 'string' || !TRACE_ID.test(traceId))
      throw new TypeError('getTrace needs a trace id of 32 lowercase hex characters');
    const keys = await this.store.list({ prefix: `${this.prefix}${traceId}:` });
    const values = await Promise.all(keys.map((k) => this.store.get(k)));
    const spans: SpanRecord[] = [];
    for (const value of values) {
      if (value === null) continue;
      try {
        spans.push(JSON.parse(value) as SpanRecord);
      } catch {
        continue;
      }
    }
    if (spans.length === 0) return null;
    spans.sort((a, b) => a.startTime - b.startTime);
    const nodes = new Map(spans.map((span) => [span.spanId, { span, children: [] as SpanNode[] }]));
    const roots: SpanNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.span.parentSpanId ? nodes.get(node.span.parentSpanId) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    const start = spans[0].startTime;
    const end = Math.max(...spans.map((s) => s.endTime ?? s.startTime));
    return { traceId, spans, roots, services: [...new Set(spans.map((s) => s.service))], durationMs: end - start };
  }
}
