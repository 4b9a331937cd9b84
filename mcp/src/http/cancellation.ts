import { classify, type RequestId } from '../jsonrpc';
import type { AbortSource } from '../request-context';

/** The id of a `tools/call` request (the requests a cancellation from another exchange can reach), else null. */
export function toolCallId(message: unknown): RequestId | null {
  const sorted = classify(message);
  return sorted.kind === 'request' && sorted.message.method === 'tools/call' ? sorted.message.id : null;
}

/** The request id and reason of a `notifications/cancelled`, else null. */
export function cancellationOf(message: unknown): { id: RequestId; reason: string } | null {
  const sorted = classify(message);
  if (sorted.kind !== 'notification' || sorted.message.method !== 'notifications/cancelled') return null;
  const params = sorted.message.params;
  const id = params?.requestId;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return { id, reason: typeof params?.reason === 'string' ? params.reason : 'cancelled by the client' };
}

/** The abort source of a watched request (a class: one object per call, no closures or accessor literals). */
class WatchedSource implements AbortSource {
  private combined: AbortSignal | undefined;

  constructor(
    private readonly outer: AbortSource | undefined,
    private readonly cancellation: { readonly signal: AbortSignal },
  ) {}

  get signal(): AbortSignal {
    const outer = this.outer;
    return (this.combined ??= outer === undefined ? this.cancellation.signal : AbortSignal.any([outer.signal, this.cancellation.signal]));
  }

  get headers(): AbortSource['headers'] {
    return this.outer?.headers;
  }
}

/**
 * The abort source of a watched request: its connection's (when closing it cancels) and its cancellation signal,
 * combined on first use (most handlers never read `ctx.signal`).
 */
export function watchedSource(outer: AbortSource | undefined, cancellation: { readonly signal: AbortSignal }): AbortSource {
  return new WatchedSource(outer, cancellation);
}
