/**
 * The app of the OAuth resource-server tests (issue #21), the same on Node, in workerd and behind fw/lambda: an MCP
 * server at /mcp whose items declare scopes (a tool, a route tool, a resource, a template, a prompt), a tool that
 * tells who called (`ctx.auth`), and routes that are not MCP at all.
 */
import { Fw } from 'fw';
import { createMCPPlugin, createMCPServer, type MCPHTTPOptions } from 'fw-mcp';

/** The app with fw-mcp mounted under `options` (an `oauth` option, typically). */
export function oauthApp(options: MCPHTTPOptions): Fw {
  const app = new Fw();
  app.get('/status', () => ({ ok: true }), { summary: 'Public status' });
  app.get('/admin/stats', () => ({ users: 42 }), { summary: 'Admin statistics', mcp: { scopes: ['mcp:admin'] } });
  const server = createMCPServer(app, { name: 'oauth-test', builtinTools: false, builtinPrompts: false });
  server
    .addTool({
      name: 'whoami',
      description: 'Who the access token says called',
      handler: (_args, ctx) => ({ subject: ctx.auth?.subject, clientId: ctx.auth?.clientId, scopes: ctx.auth?.scopes }),
    })
    .addTool({
      name: 'deploy',
      description: 'Deploys (needs mcp:admin)',
      scopes: ['mcp:admin'],
      handler: () => 'deployed',
    })
    .addResource({ uri: 'notes://public', name: 'public notes', text: 'hello' })
    .addResource({ uri: 'notes://secret', name: 'secret notes', text: 'the plans', scopes: ['mcp:admin'] })
    .addResourceTemplate({
      uriTemplate: 'vault://{key}',
      name: 'vault entries',
      scopes: ['mcp:admin'],
      complete: { key: (value) => ['alpha', 'beta'].filter((key) => key.startsWith(value)) },
      handler: (uri, { key }) => `secret ${key}`,
    })
    .addPrompt({ name: 'incident', description: 'Incident review', scopes: ['mcp:admin'], handler: () => 'Review the incident' });
  void app.plugin(createMCPPlugin(server, options));
  return app;
}
