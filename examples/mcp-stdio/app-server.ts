/** The app's MCP server over stdio: `npx tsx examples/mcp-stdio/app-server.ts` (MCP_ALLOW_MUTATION=1 adds POST routes). */
import { mcp } from 'fw-mcp';
import { createApp } from './app';

const app = createApp();
await mcp(app, { name: 'fw-example-app', allowMutation: process.env.MCP_ALLOW_MUTATION === '1' }).start('stdio');
