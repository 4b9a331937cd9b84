import type { MCPAuthInfo } from './info';

const accepted = new WeakMap<Request, MCPAuthInfo>();

/** Records who sent a request, once its access token was accepted. */
export function setAuth(request: Request, info: MCPAuthInfo): void {
  accepted.set(request, info);
}

/**
 * Who sent a request to an OAuth-protected MCP endpoint (the fw `Context` of `authorize(ctx)`, or the Request), as
 * its accepted access token says; undefined without `oauth` or before the token is checked.
 */
export function authOf(source: Request | { request: Request }): MCPAuthInfo | undefined {
  return accepted.get(source instanceof Request ? source : source.request);
}
