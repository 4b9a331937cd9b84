import type { RequestId } from './jsonrpc';
import type { ClientScope } from './peer';
import type { RequestContext } from './request-context';

type ProgressToken = string | number;

/**
 * The requests being answered, per client: `notifications/cancelled` finds one by (client, id), so a client can
 * cancel only its own; progress tokens are indexed too, and a token two clients both use names neither.
 */
export class InFlight {
  private readonly byClient = new Map<ClientScope, Map<RequestId, RequestContext>>();
  private readonly byToken = new Map<ProgressToken, Set<RequestContext>>();

  /** Records a request of `scope` (a later request with the same id from the same client replaces it). */
  add(scope: ClientScope, id: RequestId, ctx: RequestContext): void {
    let requests = this.byClient.get(scope);
    if (!requests) this.byClient.set(scope, (requests = new Map()));
    requests.set(id, ctx);
    const token = ctx.progressToken;
    if (token === undefined) return;
    let contexts = this.byToken.get(token);
    if (!contexts) this.byToken.set(token, (contexts = new Set()));
    contexts.add(ctx);
  }

  /** Forgets a request once answered. */
  remove(scope: ClientScope, id: RequestId, ctx: RequestContext): void {
    const requests = this.byClient.get(scope);
    if (requests?.get(id) === ctx) {
      requests.delete(id);
      if (requests.size === 0) this.byClient.delete(scope);
    }
    const token = ctx.progressToken;
    const contexts = token === undefined ? undefined : this.byToken.get(token);
    if (contexts?.delete(ctx) && contexts.size === 0) this.byToken.delete(token!);
  }

  /** The in-flight request `id` of this client. */
  find(scope: ClientScope, id: RequestId): RequestContext | undefined {
    return this.byClient.get(scope)?.get(id);
  }

  /** The one in-flight request that carried `token`; undefined when none or several (clients pick tokens freely). */
  withToken(token: ProgressToken): RequestContext | undefined {
    const contexts = this.byToken.get(token);
    return contexts?.size === 1 ? contexts.values().next().value : undefined;
  }
}
