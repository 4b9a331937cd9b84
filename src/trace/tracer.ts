import { newTraceId } from './ids';
import { Span, type SpanRecord } from './span';

/** Receives each ended, sampled span; a returned promise is kept alive with `waitUntil` inside requests. */
export type SpanHandler = (span: SpanRecord) => unknown;

/** Options of a Tracer. */
export interface TracerOptions {
  /** `service` on every span (default `fw-app`). */
  service?: string;
  /** Share of new traces recorded, 0..1 (default 1); an incoming sampled flag is followed. */
  sampleRate?: number;
  /** Handlers for ended spans. */
  onSpan?: SpanHandler | SpanHandler[];
  /** Receives handler failures (default console.error). */
  onError?: (error: unknown) => void;
}

/** Makes spans and delivers the ended, sampled ones to `onSpan` handlers. */
export class Tracer {
  readonly service: string;
  readonly sampleRate: number;
  private readonly handlers = new Set<SpanHandler>();
  private readonly onError: (error: unknown) => void;

  constructor(options: TracerOptions = {}) {
    const rate = options.sampleRate ?? 1;
    if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1))
      throw new TypeError(`Trace sampleRate must be a number from 0 to 1, got ${String(rate)}`);
    const handlers = options.onSpan === undefined ? [] : Array.isArray(options.onSpan) ? options.onSpan : [options.onSpan];
    for (const h of handlers) this.onSpan(h);
    this.service = options.service ?? 'fw-app';
    this.sampleRate = rate;
    this.onError = options.onError ?? ((error) => console.error('[fw trace] an onSpan handler failed', error));
  }

  /** Adds a span handler; returns the function that removes it. */
  onSpan(handler: SpanHandler): () => void {
    if (typeof handler !== 'function') throw new TypeError('onSpan needs a function');
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Starts a span: a child of `parent` (same trace) or the root of a new trace (sampled per `sampleRate`). */
  startSpan(
    name: string,
    options: {
      parent?: { traceId: string; spanId: string; sampled?: boolean };
      kind?: SpanRecord['kind'];
      keep?: (pending: Promise<unknown>) => void;
    } = {},
  ): Span {
    const parent = options.parent;
    const sampled = parent?.sampled ?? Math.random() < this.sampleRate;
    return new Span(
      {
        traceId: parent?.traceId ?? newTraceId(),
        parentSpanId: parent?.spanId,
        name,
        kind: options.kind ?? 'internal',
        service: this.service,
        sampled,
      },
      (record) => this.deliver(record, options.keep),
    );
  }

  private deliver(record: SpanRecord, keep?: (pending: Promise<unknown>) => void): void {
    if (!record.sampled) return;
    for (const handler of this.handlers) {
      try {
        const result = handler(record);
        if (result && typeof (result as Promise<unknown>).then === 'function') {
          const guarded = (result as Promise<unknown>).then(undefined, this.onError);
          keep?.(guarded);
        }
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
