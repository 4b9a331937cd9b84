import type { RequestId } from '../jsonrpc';
import type { ClientLink } from '../peer';
import { RequestContext } from '../request-context';
import type { MCPServer } from '../server';

/** A task's handler context: while it waits on the client (sampling, elicitation, roots) the task is `input_required`. */
export class TaskContext extends RequestContext {
  constructor(
    server: MCPServer,
    link: ClientLink,
    requestId: RequestId,
    meta: Record<string, unknown> | undefined,
    private readonly waiting: (on: boolean) => void,
  ) {
    super(server, link, requestId, meta);
  }

  override async request(method: string, params?: Record<string, any>): Promise<Record<string, any>> {
    this.waiting(true);
    try {
      return await super.request(method, params);
    } finally {
      this.waiting(false);
    }
  }
}
