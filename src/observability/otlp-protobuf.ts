/**
 * OTLP/HTTP bodies in the protobuf encoding, from the same objects the JSON encoding sends. Only the messages and
 * fields fw fills are listed, with their numbers from opentelemetry-proto; a key not listed here is a bug and throws.
 */

type Kind = 'string' | 'id' | 'fixed64' | 'sfixed64' | 'int64' | 'double' | 'enum' | 'bool' | 'fixed64s' | 'doubles' | 'message';
type Field = [number, Kind, string?];
type Schema = Record<string, Field>;

const keyValue: Schema = { key: [1, 'string'], value: [2, 'message', 'AnyValue'] };
const withAttributes = (n: number): Field => [n, 'message', 'KeyValue'];

const messages: Record<string, Schema> = {
  KeyValue: keyValue,
  AnyValue: {
    stringValue: [1, 'string'],
    boolValue: [2, 'bool'],
    intValue: [3, 'int64'],
    doubleValue: [4, 'double'],
    arrayValue: [5, 'message', 'ArrayValue'],
    kvlistValue: [6, 'message', 'KeyValueList'],
  },
  ArrayValue: { values: [1, 'message', 'AnyValue'] },
  KeyValueList: { values: [1, 'message', 'KeyValue'] },
  Resource: { attributes: withAttributes(1) },
  Scope: { name: [1, 'string'], version: [2, 'string'], attributes: withAttributes(3) },
  ExportMetricsServiceRequest: { resourceMetrics: [1, 'message', 'ResourceMetrics'] },
  ResourceMetrics: { resource: [1, 'message', 'Resource'], scopeMetrics: [2, 'message', 'ScopeMetrics'] },
  ScopeMetrics: { scope: [1, 'message', 'Scope'], metrics: [2, 'message', 'Metric'] },
  Metric: {
    name: [1, 'string'],
    description: [2, 'string'],
    unit: [3, 'string'],
    sum: [7, 'message', 'Sum'],
    histogram: [9, 'message', 'Histogram'],
  },
  Sum: { dataPoints: [1, 'message', 'NumberDataPoint'], aggregationTemporality: [2, 'enum'], isMonotonic: [3, 'bool'] },
  Histogram: { dataPoints: [1, 'message', 'HistogramDataPoint'], aggregationTemporality: [2, 'enum'] },
  NumberDataPoint: {
    startTimeUnixNano: [2, 'fixed64'],
    timeUnixNano: [3, 'fixed64'],
    asDouble: [4, 'double'],
    asInt: [6, 'sfixed64'],
    attributes: withAttributes(7),
  },
  HistogramDataPoint: {
    startTimeUnixNano: [2, 'fixed64'],
    timeUnixNano: [3, 'fixed64'],
    count: [4, 'fixed64'],
    sum: [5, 'double'],
    bucketCounts: [6, 'fixed64s'],
    explicitBounds: [7, 'doubles'],
    attributes: withAttributes(9),
  },
  ExportTraceServiceRequest: { resourceSpans: [1, 'message', 'ResourceSpans'] },
  ResourceSpans: { resource: [1, 'message', 'Resource'], scopeSpans: [2, 'message', 'ScopeSpans'] },
  ScopeSpans: { scope: [1, 'message', 'Scope'], spans: [2, 'message', 'Span'] },
  Span: {
    traceId: [1, 'id'],
    spanId: [2, 'id'],
    parentSpanId: [4, 'id'],
    name: [5, 'string'],
    kind: [6, 'enum'],
    startTimeUnixNano: [7, 'fixed64'],
    endTimeUnixNano: [8, 'fixed64'],
    attributes: withAttributes(9),
    events: [11, 'message', 'Event'],
    status: [15, 'message', 'Status'],
  },
  Event: { timeUnixNano: [1, 'fixed64'], name: [2, 'string'], attributes: withAttributes(3) },
  Status: { message: [2, 'string'], code: [3, 'enum'] },
  ExportLogsServiceRequest: { resourceLogs: [1, 'message', 'ResourceLogs'] },
  ResourceLogs: { resource: [1, 'message', 'Resource'], scopeLogs: [2, 'message', 'ScopeLogs'] },
  ScopeLogs: { scope: [1, 'message', 'Scope'], logRecords: [2, 'message', 'LogRecord'] },
  LogRecord: {
    timeUnixNano: [1, 'fixed64'],
    severityNumber: [2, 'enum'],
    severityText: [3, 'string'],
    body: [5, 'message', 'AnyValue'],
    attributes: withAttributes(6),
    traceId: [9, 'id'],
    spanId: [10, 'id'],
    observedTimeUnixNano: [11, 'fixed64'],
  },
};

/** The request message of each OTLP/HTTP path. */
const roots: Record<string, string> = {
  '/v1/metrics': 'ExportMetricsServiceRequest',
  '/v1/traces': 'ExportTraceServiceRequest',
  '/v1/logs': 'ExportLogsServiceRequest',
};

const utf8 = new TextEncoder();
const MASK64 = (1n << 64n) - 1n;

function varint(out: number[], value: bigint): void {
  let v = value & MASK64;
  while (v > 0x7fn) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
}

function fixed64(out: number[], value: bigint): void {
  let v = value & MASK64;
  for (let i = 0; i < 8; i++, v >>= 8n) out.push(Number(v & 0xffn));
}

function double(out: number[], value: number): void {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value, true);
  for (let i = 0; i < 8; i++) out.push(view.getUint8(i));
}

function bytes(out: number[], field: number, data: ArrayLike<number>): void {
  varint(out, BigInt((field << 3) | 2));
  varint(out, BigInt(data.length));
  for (let i = 0; i < data.length; i++) out.push(data[i]);
}

function hexBytes(hex: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < hex.length; i += 2) out.push(Number.parseInt(hex.slice(i, i + 2), 16));
  return out;
}

function packed(out: number[], field: number, values: unknown[], write: (o: number[], v: unknown) => void): void {
  const body: number[] = [];
  for (const v of values) write(body, v);
  bytes(out, field, body);
}

function scalar(out: number[], n: number, kind: Kind, value: unknown): void {
  const tag = (wire: number) => varint(out, BigInt((n << 3) | wire));
  switch (kind) {
    case 'string':
      return bytes(out, n, utf8.encode(String(value)));
    case 'id':
      return bytes(out, n, hexBytes(String(value)));
    case 'fixed64':
    case 'sfixed64':
      tag(1);
      return fixed64(out, BigInt(value as string));
    case 'int64':
    case 'enum':
      tag(0);
      return varint(out, BigInt(value as string | number));
    case 'bool':
      tag(0);
      out.push(value ? 1 : 0);
      return;
    case 'double':
      tag(1);
      return double(out, Number(value));
    case 'fixed64s':
      return packed(out, n, value as unknown[], (o, v) => fixed64(o, BigInt(v as string)));
    case 'doubles':
      return packed(out, n, value as unknown[], (o, v) => double(o, Number(v)));
  }
}

function encodeMessage(name: string, object: Record<string, unknown>, out: number[]): void {
  const schema = messages[name];
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    const field = schema[key];
    if (field === undefined) throw new TypeError(`OTLP protobuf: ${name} has no field "${key}" in fw's encoder`);
    const [n, kind, type] = field;
    if (kind !== 'message') {
      scalar(out, n, kind, value);
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      const body: number[] = [];
      encodeMessage(type as string, item as Record<string, unknown>, body);
      bytes(out, n, body);
    }
  }
}

/** Encodes an OTLP/HTTP JSON request object of `path` (`/v1/metrics`, `/v1/traces`, `/v1/logs`) as protobuf bytes. */
export function encodeOtlpProtobuf(path: string, payload: unknown): Uint8Array<ArrayBuffer> {
  const root = roots[path];
  if (root === undefined) throw new TypeError(`OTLP protobuf: no request message for ${path}`);
  const out: number[] = [];
  encodeMessage(root, payload as Record<string, unknown>, out);
  return Uint8Array.from(out);
}
