import type { LogRecord } from '../logger/types';
import { levelToSeverityNumber, levelToSeverityText } from './severity';

/** An OTLP `AnyValue` in the JSON encoding. */
export type OtlpAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: OtlpAnyValue[] } }
  | { kvlistValue: { values: OtlpKeyValue[] } };

/** An OTLP attribute. */
export interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

/** Converts a JSON-like value to an OTLP AnyValue (int64 as decimal strings, per the proto3 JSON mapping). */
export function toAnyValue(value: unknown, depth = 0): OtlpAnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (typeof value === 'bigint') return { intValue: value.toString() };
  if (value === null || value === undefined) return { stringValue: '' };
  if (depth >= 6) return { stringValue: '[Truncated]' };
  if (Array.isArray(value)) return { arrayValue: { values: value.map((v) => toAnyValue(v, depth + 1)) } };
  if (typeof value === 'object') return { kvlistValue: { values: toAttributes(value as Record<string, unknown>, depth + 1) } };
  return { stringValue: String(value) };
}

/** Converts an object to OTLP attributes, skipping undefined values. */
export function toAttributes(fields: Record<string, unknown>, depth = 0): OtlpKeyValue[] {
  const out: OtlpKeyValue[] = [];
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out.push({ key, value: toAnyValue(value, depth) });
  return out;
}

/** Resource and scope the records of one exporter share. */
export interface OtlpResource {
  service: string;
  attributes?: Record<string, unknown>;
  scopeName: string;
  scopeVersion: string;
}

const RECORD_KEYS = new Set(['time', 'level', 'message', 'service', 'traceId', 'spanId']);
const HTTP_ATTRIBUTE: Record<string, string> = {
  method: 'http.request.method',
  path: 'url.path',
  status: 'http.response.status_code',
  environment: 'deployment.environment',
  version: 'service.version',
};

function nanos(iso: string): string {
  const ms = Date.parse(iso);
  return `${Number.isNaN(ms) ? Date.now() : ms}000000`;
}

/** Builds an OTLP/HTTP JSON `ExportLogsServiceRequest` body from structured log records. */
export function buildLogsRequest(records: LogRecord[], resource: OtlpResource): { resourceLogs: unknown[] } {
  const observed = `${Date.now()}000000`;
  const logRecords = records.map((record) => {
    const attributes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) if (!RECORD_KEYS.has(key)) attributes[HTTP_ATTRIBUTE[key] ?? key] = value;
    const entry: Record<string, unknown> = {
      timeUnixNano: nanos(record.time),
      observedTimeUnixNano: observed,
      severityNumber: levelToSeverityNumber(record.level),
      severityText: levelToSeverityText(record.level),
      body: { stringValue: record.message },
      attributes: toAttributes(attributes),
    };
    if (typeof record.traceId === 'string' && /^[0-9a-f]{32}$/.test(record.traceId)) entry.traceId = record.traceId;
    if (typeof record.spanId === 'string' && /^[0-9a-f]{16}$/.test(record.spanId)) entry.spanId = record.spanId;
    return entry;
  });
  return {
    resourceLogs: [
      {
        resource: { attributes: toAttributes({ 'service.name': resource.service, ...resource.attributes }) },
        scopeLogs: [{ scope: { name: resource.scopeName, version: resource.scopeVersion }, logRecords }],
      },
    ],
  };
}
