import type { Context } from 'fw';
import { ErrorCode, internalErrorOf } from '../jsonrpc';
import { onTokenExpiry } from '../oauth/expiry';
import { principalOf } from '../auth/principal';
import { authOf } from '../auth/request-auth';
import { callerTrusted } from './caller-trust';
import { callerAddress } from './client-address';
import { newPeer, type ClientLink } from '../peer';
import type { MCPServer } from '../server';
import { sendEncoded } from '../encode';
import { DEFAULT_MAX_BATCH_SIZE } from '../limits';
import { readJSON } from '../http-json/body';
import { admitMessages } from './message-checks';
import { rpcErrorResponse } from '../http-json/error-response';
import { accepted } from './responses';
import { SSEStream } from './sse';

/**
 * The legacy HTTP+SSE transport (2024-11-05): GET `<path>/sse` opens a stream whose first event names the
 * POST endpoint; POSTs to `<path>/stream?sessionId=` get 202 and their answers travel on the stream.
 * The stream lives in this instance's memory, as that protocol requires, so it is offered only where one process
 * serves many requests (Node, Bun): platforms that hand an execution context (workers, Lambda) get 405. With OAuth
 * a stream belongs to the principal whose token opened it (a POST under another is "not found") and ends when that
 * token expires.
 */
export class LegacySSE {
  private readonly streams = new Map<string, { link: ClientLink; principal: string }>();

  constructor(
    private readonly server: MCPServer,
    private readonly postPath: string,
    private readonly maxBatchSize = DEFAULT_MAX_BATCH_SIZE,
  ) {}

  /** GET `<path>/sse`: opens the stream and announces the endpoint. */
  open = async (ctx: Context): Promise<Response> => {
    if (ctx.executionCtx !== undefined) {
      return rpcErrorResponse(
        405,
        ErrorCode.InvalidRequest,
        'Legacy HTTP+SSE needs a long-running server (Node, Bun); on this platform each request stands alone: use streamable HTTP (POST to the MCP endpoint)',
      );
    }
    const id = crypto.randomUUID();
    const auth = authOf(ctx.request);
    const principal = await principalOf(auth);
    let remove = () => {};
    let cancelExpiry = () => {};
    const stream = new SSEStream(() => {
      this.streams.delete(id);
      cancelExpiry();
      remove();
    });
    const link: ClientLink = {
      peer: newPeer(id, '2024-11-05', null),
      get canRequest() {
        return stream.isOpen;
      },
      send: (message) => sendEncoded(message, (text) => stream.event(text, 'message')),
      trusted: callerTrusted(ctx),
      address: callerAddress(ctx),
    };
    this.streams.set(id, { link, principal });
    remove = this.server.addLink(link);
    cancelExpiry = onTokenExpiry(auth, () => stream.close());
    stream.event(`${this.postPath}?sessionId=${id}`, 'endpoint');
    return stream.response();
  };

  /**
   * POST `<path>/stream?sessionId=`: hands the messages to the server (202) and answers on the stream; 400 for a batch
   * over `maxBatchSize` or messages that are all invalid, answered in the POST's own body.
   */
  post = async (ctx: Context): Promise<Response> => {
    const body = await readJSON(ctx.request);
    if (body instanceof Response) return body;
    const id = ctx.query.sessionId;
    if (!id)
      return rpcErrorResponse(400, ErrorCode.InvalidRequest, 'Bad request: missing sessionId query parameter (open <path>/sse first)');
    const open = this.streams.get(id);
    if (open === undefined || open.principal !== (await principalOf(authOf(ctx.request))))
      return rpcErrorResponse(
        404,
        ErrorCode.InvalidRequest,
        `Session not found: ${id} (the SSE stream is closed or lives on another instance)`,
      );
    const admitted = admitMessages(body, this.maxBatchSize, ctx);
    if (admitted instanceof Response) return admitted;
    const link = open.link;
    const { messages } = admitted;
    for (const message of messages) {
      this.server.handle(message, link).then(
        (answer) => answer !== null && link.send(answer),
        (error) => link.send(internalErrorOf(null, error)),
      );
    }
    return accepted(undefined, ctx);
  };
}
