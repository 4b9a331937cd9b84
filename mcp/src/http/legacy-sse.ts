import type { Context } from 'fw';
import { ErrorCode } from '../jsonrpc';
import { newPeer, type ClientLink } from '../peer';
import type { MCPServer } from '../server';
import { readJSON } from './body';
import { accepted, rpcErrorResponse } from './responses';
import { SSEStream } from './sse';

/**
 * The legacy HTTP+SSE transport (2024-11-05): GET `<path>/sse` opens a stream whose first event names the
 * POST endpoint; POSTs to `<path>/stream?sessionId=` get 202 and their answers travel on the stream.
 * The stream lives in this instance's memory, as that protocol requires, so it is offered only where one process
 * serves many requests (Node, Bun): platforms that hand an execution context (workers, Lambda) get 405.
 */
export class LegacySSE {
  private readonly streams = new Map<string, ClientLink>();

  constructor(
    private readonly server: MCPServer,
    private readonly postPath: string,
  ) {}

  /** GET `<path>/sse`: opens the stream and announces the endpoint. */
  open = (ctx: Context): Response => {
    if (ctx.executionCtx !== undefined) {
      return rpcErrorResponse(
        405,
        ErrorCode.InvalidRequest,
        'Legacy HTTP+SSE needs a long-running server (Node, Bun); on this platform each request stands alone: use streamable HTTP (POST to the MCP endpoint)',
      );
    }
    const id = crypto.randomUUID();
    let remove = () => {};
    const stream = new SSEStream(() => {
      this.streams.delete(id);
      remove();
    });
    const link: ClientLink = {
      peer: newPeer(id, '2024-11-05', null),
      get canRequest() {
        return stream.isOpen;
      },
      send: (message) => stream.event(JSON.stringify(message), 'message'),
    };
    this.streams.set(id, link);
    remove = this.server.addLink(link);
    stream.event(`${this.postPath}?sessionId=${id}`, 'endpoint');
    return stream.response();
  };

  /** POST `<path>/stream?sessionId=`: hands the message to the server and answers on the stream. */
  post = async (ctx: Context): Promise<Response> => {
    const body = await readJSON(ctx.request);
    if (body instanceof Response) return body;
    const id = ctx.query.sessionId;
    if (!id)
      return rpcErrorResponse(400, ErrorCode.InvalidRequest, 'Bad request: missing sessionId query parameter (open <path>/sse first)');
    const link = this.streams.get(id);
    if (!link)
      return rpcErrorResponse(
        404,
        ErrorCode.InvalidRequest,
        `Session not found: ${id} (the SSE stream is closed or lives on another instance)`,
      );
    const messages = Array.isArray(body) ? body : [body];
    for (const message of messages) {
      void this.server.handle(message, link).then((answer) => {
        if (answer !== null) link.send(answer);
      });
    }
    return accepted(undefined, ctx);
  };
}
