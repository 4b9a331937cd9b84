import { ErrorCode, RpcError, type JSONRPCResponse, type RequestId } from './jsonrpc';
import type { ClientLink } from './peer';

/** The client capability each server-to-client request needs. */
const requiredCapability: Record<string, string> = {
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
  'elicitation/create': 'elicitation',
};

interface Waiting {
  resolve(result: Record<string, any>): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Server-to-client requests: sends them over a link, waits for the client's answer (which may arrive on
 * another HTTP request), and fails at once when the link cannot carry a request or the client lacks the capability.
 */
export class Outgoing {
  private readonly waiting = new Map<RequestId, Waiting>();
  /** Random per instance so ids never collide with another instance's; made on first use (workers forbid randomness at load). */
  private prefix = '';
  private counter = 0;

  constructor(private readonly timeoutMs: number) {}

  /** Sends `method` to the client and resolves with its result; rejects with an RpcError on any failure. */
  request(link: ClientLink, method: string, params: Record<string, any> | undefined, signal?: AbortSignal): Promise<Record<string, any>> {
    const capability = requiredCapability[method];
    const declared = link.peer.clientCapabilities;
    if (capability && declared !== null && !(capability in declared)) {
      return Promise.reject(new RpcError(ErrorCode.RequestFailed, `The client did not declare the "${capability}" capability, so the server cannot send ${method}`));
    }
    if (!link.canRequest) {
      return Promise.reject(new RpcError(ErrorCode.RequestFailed, `No channel to send ${method} to the client: this request is answered as plain JSON (the client must accept text/event-stream) or the transport cannot carry server requests`));
    }
    if (signal?.aborted) return Promise.reject(new RpcError(ErrorCode.RequestFailed, `${method} was not sent: the request was cancelled`));
    if (this.prefix === '') this.prefix = `s${crypto.randomUUID().slice(0, 8)}-`;
    const id = `${this.prefix}${++this.counter}`;
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
        resolve: (result) => { finish(); resolve(result); },
        reject: (error) => { finish(); reject(error); },
        timer: setTimeout(() => entry.reject(new RpcError(ErrorCode.RequestFailed, `The client did not answer ${method} within ${this.timeoutMs} ms`)), this.timeoutMs),
      };
      this.waiting.set(id, entry);
      signal?.addEventListener('abort', onAbort, { once: true });
      const message = params === undefined ? { jsonrpc: '2.0' as const, id, method } : { jsonrpc: '2.0' as const, id, method, params };
      if (!link.send(message)) entry.reject(new RpcError(ErrorCode.RequestFailed, `The channel to the client closed before ${method} could be sent`));
    });
  }

  /** Routes a client's answer to the request waiting for it; returns false for an id nobody waits on. */
  settle(response: JSONRPCResponse): boolean {
    const entry = response.id === null ? undefined : this.waiting.get(response.id);
    if (!entry) return false;
    if ('error' in response) entry.reject(new RpcError(response.error.code, response.error.message, response.error.data));
    else entry.resolve(response.result ?? {});
    return true;
  }
}
