/** `fw mcp`: serves the project's app to MCP clients over stdio (fw-mcp), with its routes as tools. */
import { resolve } from 'node:path';
import { loadApp } from '../load-app';
import { stdioHeaders } from '../mcp-headers';
import type { Command } from '../command';

/** Starts the stdio MCP server for `--app` and resolves when the client closes standard input. */
export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'run a stdio MCP server for the project app (routes as tools, runtime tools, docs)',
  usage: `Usage: fw mcp [options]
  --app <file>        app module (default src/app.ts): default export or \`app\`, an Fw or a function returning one
  --name <name>       server name (default fw-mcp)
  --docs <folder>     markdown folder served as docs:// resources
  --allow-mutation    expose the mutating runtime tools
  --header <h>        "Name: value" every tool call carries (repeatable); \${VAR} is read from the environment,
                      e.g. --header "Authorization: Bearer \${API_TOKEN}" with API_TOKEN in the client config's "env"`,
  flags: {
    app: { type: 'string' },
    name: { type: 'string' },
    docs: { type: 'string' },
    'allow-mutation': { type: 'boolean' },
    header: { type: 'string', multiple: true },
  },
  async run({ flags, lists }, io) {
    const headers = stdioHeaders(lists.header ?? [], io.env);
    const app = await loadApp(String(flags.app ?? 'src/app.ts'), io.cwd);
    const { createMCPServer, StdioTransport } = await import('fw-mcp').catch(() => {
      throw new Error('fw mcp needs the fw-mcp package: npm install fw-mcp');
    });
    const server = createMCPServer(app, {
      name: typeof flags.name === 'string' ? flags.name : 'fw-mcp',
      ...(typeof flags.docs === 'string' ? { docsDir: resolve(io.cwd, flags.docs) } : {}),
      allowMutation: flags['allow-mutation'] === true,
    });
    await server.start(Object.keys(headers).length > 0 ? new StdioTransport({ headers, debug: server.debug }) : 'stdio');
    return 0;
  },
};
