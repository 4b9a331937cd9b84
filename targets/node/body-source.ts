/**
 * The string or bytes a Response was built from, read from undici's internal state (Node 20 and 22) so
 * a one-chunk body is written straight to the socket instead of through a ReadableStream.
 * Returns undefined whenever that state is not there or not plain (other runtimes, streams, used bodies):
 * callers then read `response.body` as usual.
 */
let stateKey: symbol | null | undefined;

function findStateKey(response: Response): symbol | null {
  return Object.getOwnPropertySymbols(response).find((s) => s.description === 'state') ?? null;
}

interface UndiciBody {
  stream?: ReadableStream;
  source?: unknown;
}

/** The plain string or Uint8Array source of an unread Response body, or undefined when not known. */
export function bodySource(response: Response): string | Uint8Array | undefined {
  if (stateKey === undefined) stateKey = findStateKey(response);
  if (stateKey === null) return undefined;
  const body = (response as unknown as Record<symbol, { body?: UndiciBody | null } | undefined>)[stateKey]?.body;
  if (!body || body.stream?.locked !== false) return undefined;
  const source = body.source;
  if (typeof source === 'string' || source instanceof Uint8Array) return source;
  return undefined;
}
