import { newSpanId } from './ids';

/** A finished (or running) span, as handed to `onSpan` handlers and stored by the trace bridge. */
export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: 'server' | 'client' | 'internal';
  service: string;
  /** Epoch ms. */
  startTime: number;
  endTime?: number;
  durationMs?: number;
  status: 'unset' | 'ok' | 'error';
  sampled: boolean;
  attributes: Record<string, string | number | boolean>;
  events: { name: string; time: number; attributes?: Record<string, string | number | boolean> }[];
}

/** A span being recorded; `end()` finishes it once and hands it to the tracer's handlers. */
export class Span {
  readonly record: SpanRecord;
  private readonly finish: (span: SpanRecord) => void;
  private readonly started = performance.now();
  private ended = false;

  constructor(
    init: { traceId: string; parentSpanId?: string; name: string; kind: SpanRecord['kind']; service: string; sampled: boolean },
    finish: (span: SpanRecord) => void,
  ) {
    this.record = { ...init, spanId: newSpanId(), startTime: Date.now(), status: 'unset', attributes: {}, events: [] };
    if (init.parentSpanId === undefined) delete this.record.parentSpanId;
    this.finish = finish;
  }

  get traceId(): string {
    return this.record.traceId;
  }
  get spanId(): string {
    return this.record.spanId;
  }

  /** Sets one attribute (strings, numbers, booleans). */
  setAttribute(key: string, value: string | number | boolean): this {
    this.record.attributes[key] = value;
    return this;
  }

  /** Records a point in time inside the span. */
  addEvent(name: string, attributes?: Record<string, string | number | boolean>): this {
    this.record.events.push(attributes ? { name, time: Date.now(), attributes } : { name, time: Date.now() });
    return this;
  }

  /** Ends the span with a status; later calls do nothing. */
  end(status: 'ok' | 'error' = 'ok'): void {
    if (this.ended) return;
    this.ended = true;
    this.record.durationMs = Math.round((performance.now() - this.started) * 1000) / 1000;
    this.record.endTime = this.record.startTime + this.record.durationMs;
    if (this.record.status === 'unset') this.record.status = status;
    this.finish(this.record);
  }

  /** Marks the span failed with the error's message. */
  recordError(error: unknown): this {
    this.record.status = 'error';
    this.addEvent('exception', {
      'exception.message': error instanceof Error ? error.message : String(error),
      'exception.type': error instanceof Error ? error.name : typeof error,
    });
    return this;
  }
}
