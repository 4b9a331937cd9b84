/**
 * A server whose tools answer with values JSON cannot hold (a BigInt, a cycle, a throwing toJSON in a content
 * block's `_meta`), for the tests that check every transport answers -32603 and keeps serving.
 */
import { Fw } from 'fw';
import { createMCPPlugin, createPlainMCPServer, type MCPHTTPOptions, type MCPTool, type PlainMCPServer } from 'fw-mcp';

function cyclic(): Record<string, unknown> {
  const meta: Record<string, unknown> = { name: 'loop' };
  meta.self = meta;
  return meta;
}

const throwingToJSON = {
  toJSON() {
    throw new Error('toJSON refused');
  },
};

/** The tools whose answers cannot be serialized, by name, with what JSON.stringify says about each. */
export const UNSAFE_TOOLS = {
  'bigint-meta': 'BigInt',
  'cycle-meta': 'circular',
  'throwing-tojson': 'toJSON refused',
} as const;

function tool(name: string, handler: MCPTool['handler']): MCPTool {
  return { name, description: name, inputSchema: { type: 'object' }, handler };
}

/** The plain server: the unsafe tools, `streamed-bigint` (a notification first, so the answer travels as SSE), `log-bigint` and `echo`. */
export function unsafeAnswersServer(): PlainMCPServer {
  return createPlainMCPServer(null, {
    name: 'unsafe-answers',
    version: '1.0.0',
    tools: [
      tool('bigint-meta', () => ({ content: [{ type: 'text', text: 'x', _meta: { n: 10n } }] })),
      tool('cycle-meta', () => ({ content: [{ type: 'text', text: 'x', _meta: cyclic() }] })),
      tool('throwing-tojson', () => ({ content: [{ type: 'text', text: 'x', _meta: { value: throwingToJSON } }] })),
      tool('streamed-bigint', (_args, ctx) => {
        ctx.sendNotification('notifications/message', { level: 'info', data: 'working' });
        return { content: [{ type: 'text', text: 'x', _meta: { n: 10n } }] };
      }),
      tool('log-bigint', (_args, ctx) => {
        const sent = ctx.sendNotification('notifications/message', { level: 'info', data: { n: 10n } });
        return { content: [{ type: 'text', text: `log sent: ${sent}` }] };
      }),
      tool('echo', (args: { text?: string }) => ({ content: [{ type: 'text', text: args.text ?? 'echo' }] })),
    ],
  });
}

/** An app serving the server over HTTP (plugin setup awaited). */
export async function unsafeAnswersApp(options: MCPHTTPOptions = {}): Promise<Fw> {
  const app = new Fw();
  await app.plugin(createMCPPlugin(unsafeAnswersServer(), options));
  return app;
}
