/**
 * An OTLP/HTTP receiver on 127.0.0.1 that decodes each body (JSON or protobuf) against the official OpenTelemetry message definitions:
 * the protobufjs roots generated from opentelemetry-proto that `@opentelemetry/otlp-transformer` ships. A JSON body
 * is read the way the OTLP spec maps it (ids as hex, 64-bit integers as strings, enums as numbers): it goes through
 * `fromObject`, `verify`, a protobuf encode and decode, and back through `toObject`; anything the definitions do
 * not know, or a value of the wrong type, makes the round trip differ from what was sent, and the receiver answers
 * 400 and records the difference.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';

interface ProtoType {
  fromObject(object: unknown): unknown;
  verify(message: unknown): string | null;
  encode(message: unknown): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): Record<string, unknown>;
}

const require = createRequire(import.meta.url);
const root = require('@opentelemetry/otlp-transformer/build/src/generated/root.js').opentelemetry.proto.collector;

/** The request message of each OTLP/HTTP path, from the official definitions. */
export const requestTypes: Record<string, ProtoType> = {
  '/v1/metrics': root.metrics.v1.ExportMetricsServiceRequest,
  '/v1/traces': root.trace.v1.ExportTraceServiceRequest,
  '/v1/logs': root.logs.v1.ExportLogsServiceRequest,
};

const ID_KEYS = new Set(['traceId', 'spanId', 'parentSpanId']);

/**
 * The JSON as protobufjs reads it: trace and span ids turned from OTLP's hex into base64 (the only bytes fields fw
 * sends), and empty lists left out (proto3 does not tell an empty repeated field from an absent one).
 */
function idsToBase64(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(idsToBase64);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (ID_KEYS.has(key) && typeof v === 'string') {
      if (!/^([0-9a-f]{2})+$/.test(v)) throw new Error(`${key} is not lowercase hex: ${v}`);
      out[key] = Buffer.from(v, 'hex').toString('base64');
    } else if (!(Array.isArray(v) && v.length === 0)) out[key] = idsToBase64(v);
  }
  return out;
}

/** Decodes an OTLP/HTTP JSON body with the official definitions; throws with the reason when it does not conform. */
export function decodeOtlpJson(path: string, text: string): Record<string, unknown> {
  const type = requestTypes[path];
  if (!type) throw new Error(`no OTLP service at ${path}`);
  const sent = idsToBase64(JSON.parse(text));
  const message = type.fromObject(sent);
  const problem = type.verify(message);
  if (problem) throw new Error(`verify: ${problem}`);
  const decoded = type.decode(type.encode(message).finish());
  const back = type.toObject(decoded, { longs: String, enums: Number, bytes: String });
  if (!isDeepStrictEqual(back, sent))
    throw new Error(`does not round-trip through the definitions:\nsent ${JSON.stringify(sent)}\ngot  ${JSON.stringify(back)}`);
  return back;
}

/** Decodes an OTLP/HTTP protobuf body with the official definitions (ids as base64, 64-bit integers as strings). */
export function decodeOtlpProtobuf(path: string, bytes: Uint8Array): Record<string, unknown> {
  const type = requestTypes[path];
  if (!type) throw new Error(`no OTLP service at ${path}`);
  const message = type.decode(bytes);
  const problem = type.verify(message);
  if (problem) throw new Error(`verify: ${problem}`);
  return type.toObject(message, { longs: String, enums: Number, bytes: String });
}

/** One request the receiver got. */
export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  /** The decoded message (trace ids as base64), or null when it did not conform. */
  body: Record<string, unknown> | null;
  error: string | null;
  at: number;
  /** The status the receiver answered with (0 until it answered). */
  status: number;
}

/** How the receiver answers the next requests: a status (and Retry-After), optionally after a delay. */
export interface Answer {
  status: number;
  retryAfter?: string;
  delayMs?: number;
}

/** A running receiver: its base URL, what it got, and the answers it will give next (then 200). */
export interface Receiver {
  url: string;
  received: Received[];
  answers: Answer[];
  /** Chooses the answer to a request before the `answers` queue does (undefined: let the queue decide). */
  respond: ((r: Received) => Answer | undefined) | null;
  /** Resolves when a request matching `test` has arrived (rejects after `timeoutMs`). */
  waitFor(test: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 on a free port. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = req.url ?? '';
      const entry: Received = { path, headers: req.headers, body: null, error: null, at: Date.now(), status: 0 };
      try {
        const type = req.headers['content-type'];
        if (type === 'application/x-protobuf') entry.body = decodeOtlpProtobuf(path, Buffer.concat(chunks));
        else if (type === 'application/json') entry.body = decodeOtlpJson(path, Buffer.concat(chunks).toString('utf8'));
        else throw new Error(`content-type ${type}`);
      } catch (error) {
        entry.error = (error as Error).message;
      }
      received.push(entry);
      for (const wake of waiters.splice(0)) wake();
      const answer = receiver.respond?.(entry) ?? answers.shift() ?? { status: entry.error ? 400 : 200 };
      entry.status = answer.status;
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (answer.retryAfter !== undefined) headers['retry-after'] = answer.retryAfter;
      if (!res.destroyed) res.writeHead(answer.status, headers).end(entry.error ? JSON.stringify({ message: entry.error }) : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const receiver: Receiver = {
    url,
    received,
    answers,
    respond: null,
    async waitFor(test, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.find(test);
        if (hit) return hit;
        if (Date.now() > deadline)
          throw new Error(`no matching OTLP request within ${timeoutMs} ms; got ${received.map((r) => r.path).join(', ')}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}
