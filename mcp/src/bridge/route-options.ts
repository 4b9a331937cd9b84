/** What a route says about its MCP tool, in its options: `app.get('/admin/stats', handler, { mcp: { scopes: ['admin'] } })`. */
export interface MCPRouteOptions {
  /** OAuth scopes a token needs to call this route's tool (with `oauth` on the HTTP plugin). */
  scopes?: string[];
}

declare module 'fw' {
  interface RouteOptions {
    /** fw-mcp: how this route is exposed as an MCP tool. */
    mcp?: MCPRouteOptions;
  }
}
