/**
 * The wire between fw's Durable Object clients and objects: one POST per operation, JSON arguments in, JSON
 * `{ result }` or `{ error }` out. Plain `fetch` (not RPC methods) keeps the objects free of `cloudflare:workers`,
 * so `fw/worker` still loads outside workerd.
 */
import type { DurableObjectStubLike } from './kv-types';

/** What an object answers for one operation. */
type Answer = { result: unknown } | { error: { type: 'TypeError' | 'Error'; message: string } };

/** Sends one operation to an object and returns its result; a TypeError there (bad input) is a TypeError here. */
export async function callObject(stub: DurableObjectStubLike, label: string, op: string, args: Record<string, unknown>): Promise<unknown> {
  let response: Response;
  try {
    response = await stub.fetch(
      new Request(`https://fw-durable.internal/${op}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(args),
      }),
    );
  } catch (error) {
    throw new Error(`${label}: the Durable Object failed (${(error as Error)?.message ?? String(error)})`);
  }
  const answer = (await response.json().catch(() => null)) as Answer | null;
  if (answer !== null && 'result' in answer) return answer.result;
  const message = answer?.error?.message ?? `HTTP ${response.status}`;
  if (answer?.error?.type === 'TypeError') throw new TypeError(message);
  throw new Error(`${label}: ${message}`);
}

/** Answers one operation inside an object: runs `handle(op, args)` and encodes its result or its error. */
export async function answerCall(request: Request, handle: (op: string, args: Record<string, unknown>) => unknown): Promise<Response> {
  const op = new URL(request.url).pathname.slice(1);
  const args = request.method === 'POST' ? await request.json().catch(() => null) : null;
  if (args === null || typeof args !== 'object' || Array.isArray(args))
    return Response.json(
      { error: { type: 'TypeError', message: 'fw Durable Object calls are POST requests with a JSON object body' } },
      { status: 400 },
    );
  try {
    return Response.json({ result: (await handle(op, args as Record<string, unknown>)) ?? null });
  } catch (error) {
    const bad = error instanceof TypeError;
    const message = error instanceof Error ? error.message : String(error);
    return Response.json({ error: { type: bad ? 'TypeError' : 'Error', message } }, { status: bad ? 400 : 500 });
  }
}
