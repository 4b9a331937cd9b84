import { notificationOf, type JSONRPCMessage } from '../jsonrpc';
import type { MCPAuthInfo } from '../auth/info';
import type { ClientLink, PeerState, PlatformContext } from '../peer';
import { RELATED_TASK, type Task } from './types';

function withRelatedTask(message: JSONRPCMessage, taskId: string): JSONRPCMessage {
  if (!('method' in message)) return message;
  const params = message.params ?? {};
  return { ...message, params: { ...params, _meta: { ...params._meta, [RELATED_TASK]: { taskId } } } };
}

/**
 * A running task's way back to its client. Messages carry the related-task `_meta`; they travel on the link that
 * asked while it can carry them (stdio, a legacy SSE stream; a POST only until its answer), else notifications go
 * to the client's other long-lived links (a session's GET stream). Server-to-client requests need the asking link.
 */
export class TaskLink implements ClientLink {
  constructor(
    private readonly origin: ClientLink,
    private readonly taskId: string,
    private readonly others: () => ClientLink[],
  ) {}

  get peer(): PeerState {
    return this.origin.peer;
  }

  get canRequest(): boolean {
    return this.origin.canRequest;
  }

  get auth(): MCPAuthInfo | undefined {
    return this.origin.auth;
  }

  get trusted(): boolean | undefined {
    return this.origin.trusted;
  }

  get address(): string | null | undefined {
    return this.origin.address;
  }

  get platform(): PlatformContext | undefined {
    return this.origin.platform;
  }

  get callHeaders(): Readonly<Record<string, string>> | undefined {
    return this.origin.callHeaders;
  }

  get noRequestReason(): string | undefined {
    return this.origin.noRequestReason;
  }

  send(message: JSONRPCMessage): boolean {
    return this.deliver(withRelatedTask(message, this.taskId), 'id' in message);
  }

  /** Sends `notifications/tasks/status` (without related-task `_meta`: the task id is in the params). */
  announce(task: Task): boolean {
    return this.deliver(notificationOf('notifications/tasks/status', { ...task }), false);
  }

  private deliver(message: JSONRPCMessage, isRequest: boolean): boolean {
    if (this.origin.send(message)) return true;
    if (isRequest) return false;
    let sent = false;
    for (const link of this.others()) if (link.send(message)) sent = true;
    return sent;
  }
}
