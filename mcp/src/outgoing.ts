import { capabilityGap } from './input-capability';
import { ErrorCode, RpcError, type JSONRPCError, type JSONRPCResponse, type RequestId } from './jsonrpc';
import { clientScope, type ClientLink, type ClientScope } from './peer';

/** Why the client cannot take this request, from the capabilities it declared; null when it can (or they are unknown). */
function refusal(link: ClientLink, method: string, params: Record<string, any> | undefined): string | null {
  const declared = link.peer.clientCapabilities;
  return declared === null ? null : (capabilityGap(declared, method, params)?.message ?? null);
}

function isObject(value: unknown): value is Record<string, any> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

interface Waiting {
  /** The client the request went to: only its answer is accepted. */
  scope: ClientScope;
  resolve(result: Record<string, any>): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** Whether an answer arriving over `link` may settle a request sent to `scope`. */
function sameClient(scope: ClientScope, link: ClientLink): boolean {
  const from = clientScope(link);
  if (typeof scope === 'string') return from === scope;
  // Stateless: the answer comes on a new POST without a session; the random id, sent only on the asking stream, binds it.
  return from === scope || typeof from !== 'string';
}

/**
 * Server-to-client requests: sends them over a link, waits for the client's answer (which may arrive on another
 * HTTP request), and fails at once when the link cannot carry a request or the client lacks the capability.
 * Ids are random UUIDs and an answer is accepted only from the client that was asked (its session, stdio or legacy
 * stream; without a session, only a sessionless POST, and only the reader of the asking stream knows the id).
 */
export class Outgoing {
  private readonly waiting = new Map<RequestId, Waiting>();

  constructor(private readonly timeoutMs: number) {}

  /** Sends `method` to the client and resolves with its result; rejects with an RpcError on any failure. */
  request(link: ClientLink, method: string, params: Record<string, any> | undefined, signal?: AbortSignal): Promise<Record<string, any>> {
    const refused = refusal(link, method, params);
    if (refused !== null) return Promise.reject(new RpcError(ErrorCode.RequestFailed, refused));
    if (!link.canRequest) {
      return Promise.reject(
        new RpcError(
          ErrorCode.RequestFailed,
          `No channel to send ${method} to the client: ${link.noRequestReason ?? 'this request is answered as plain JSON (the client must accept text/event-stream) or the transport cannot carry server requests'}`,
        ),
      );
    }
    if (signal?.aborted) return Promise.reject(new RpcError(ErrorCode.RequestFailed, `${method} was not sent: the request was cancelled`));
    const id = crypto.randomUUID();
    return new Promise((resolve, reject) => {
      const finish = () => {
        clearTimeout(entry.timer);
        this.waiting.delete(id);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        finish();
        reject(new RpcError(ErrorCode.RequestFailed, `${method} was abandoned: the request was cancelled`));
      };
      const entry: Waiting = {
        scope: clientScope(link),
        resolve: (result) => {
          finish();
          resolve(result);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
        timer: setTimeout(
          () => entry.reject(new RpcError(ErrorCode.RequestFailed, `The client did not answer ${method} within ${this.timeoutMs} ms`)),
          this.timeoutMs,
        ),
      };
      this.waiting.set(id, entry);
      signal?.addEventListener('abort', onAbort, { once: true });
      const message = params === undefined ? { jsonrpc: '2.0' as const, id, method } : { jsonrpc: '2.0' as const, id, method, params };
      if (!link.send(message))
        entry.reject(new RpcError(ErrorCode.RequestFailed, `The channel to the client closed before ${method} could be sent`));
    });
  }

  /** Routes a client's answer to the request waiting for it; false for an id nobody waits on or another client's request. */
  settle(response: JSONRPCResponse, link: ClientLink): boolean {
    const entry = response.id === null ? undefined : this.waiting.get(response.id);
    if (!entry || !sameClient(entry.scope, link)) return false;
    if ('error' in response) {
      const { code, message, data } = (response.error ?? {}) as Partial<JSONRPCError['error']>;
      entry.reject(
        typeof code === 'number' && typeof message === 'string'
          ? new RpcError(code, message, data)
          : new RpcError(
              ErrorCode.RequestFailed,
              'The client answered with a malformed error (it needs a numeric "code" and a string "message")',
            ),
      );
    } else if (isObject(response.result)) {
      entry.resolve(response.result);
    } else {
      entry.reject(new RpcError(ErrorCode.RequestFailed, 'The client answered with a "result" that is not an object'));
    }
    return true;
  }
}
