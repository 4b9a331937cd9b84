/**
 * The wire between fw's Durable Object clients and objects: one POST per operation, its arguments as URI-encoded
 * JSON in the `fw-args` header, a value to store as a JSON string in the body (JSON keeps every string intact, and a
 * request without a body costs the object less), `{ result }` or `{ error }` back. Plain `fetch` (not RPC methods)
 * keeps the objects free of `cloudflare:workers`, so `fw/worker` still loads outside workerd.
 */
import type { DurableObjectStubLike } from './kv-types';

/** What an object answers for one operation. */
type Answer = { result: unknown } | { error: { type: 'TypeError' | 'Error'; message: string } };

const ARGS_HEADER = 'fw-args';

/** The time limit of a call to an fw Durable Object when its client sets none. */
export const DEFAULT_TIMEOUT_MS = 5000;

/** Checks a client's `timeoutMs` option: a positive integer of milliseconds (default DEFAULT_TIMEOUT_MS). */
export function timeoutOption(what: string, value: unknown): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0 || value > 2_147_483_647)
    throw new TypeError(`${what}.timeoutMs must be a positive integer of milliseconds (at most 2147483647), got ${String(value)}`);
  return value;
}

/**
 * Runs `call` with a time limit: past `timeoutMs` the request is aborted and the promise rejects with an Error
 * naming `label`, so a stalled object never leaves the caller's request unanswered.
 */
export async function withTimeout<T>(label: string, timeoutMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`${label}: the Durable Object did not answer within ${timeoutMs} ms (timeoutMs)`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(controller.signal), expired]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/**
 * Sends one operation (with `value` in the body when given) and returns its result; a TypeError there (bad input)
 * is a TypeError here, and an object that has not answered after `timeoutMs` is an Error naming `label`.
 */
export async function callObject(
  stub: DurableObjectStubLike,
  label: string,
  timeoutMs: number,
  op: string,
  args: Record<string, unknown>,
  value?: string,
): Promise<unknown> {
  return withTimeout(label, timeoutMs, async (signal) => {
    let response: Response;
    try {
      response = await stub.fetch(
        new Request(`https://fw-durable.internal/${op}`, {
          method: 'POST',
          headers: { [ARGS_HEADER]: encodeURIComponent(JSON.stringify(args)) },
          body: value === undefined ? null : JSON.stringify(value),
          signal,
        }),
      );
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new Error(`${label}: the Durable Object failed (${(error as Error)?.message ?? String(error)})`);
    }
    return readAnswer(response, label);
  });
}

async function readAnswer(response: Response, label: string): Promise<unknown> {
  const answer = (await response.json().catch(() => null)) as Answer | null;
  if (answer !== null && 'result' in answer) return answer.result;
  const message = answer?.error?.message ?? `HTTP ${response.status}`;
  if (answer?.error?.type === 'TypeError') throw new TypeError(message);
  throw new Error(`${label}: ${message}`);
}

function readArgs(request: Request): Record<string, unknown> | null {
  const header = request.headers.get(ARGS_HEADER);
  if (request.method !== 'POST' || header === null) return null;
  try {
    const args = JSON.parse(decodeURIComponent(header));
    return args !== null && typeof args === 'object' && !Array.isArray(args) ? args : null;
  } catch {
    return null;
  }
}

/** Answers one operation inside an object: runs `handle(op, args, readValue)` and encodes its result or its error. */
export async function answerCall(
  request: Request,
  handle: (op: string, args: Record<string, unknown>, readValue: () => Promise<unknown>) => unknown,
): Promise<Response> {
  const args = readArgs(request);
  if (args === null)
    return Response.json(
      {
        error: {
          type: 'TypeError',
          message: `fw Durable Object calls are POST requests with their arguments as JSON in the ${ARGS_HEADER} header`,
        },
      },
      { status: 400 },
    );
  const readValue = () => request.json().catch(() => undefined);
  try {
    return Response.json({ result: (await handle(new URL(request.url).pathname.slice(1), args, readValue)) ?? null });
  } catch (error) {
    const bad = error instanceof TypeError;
    const message = error instanceof Error ? error.message : String(error);
    return Response.json({ error: { type: bad ? 'TypeError' : 'Error', message } }, { status: bad ? 400 : 500 });
  }
}
