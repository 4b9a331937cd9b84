/** The stdio example: `npx tsx examples/mcp-stdio/server.ts` speaks MCP on standard input and output. */
import { demoServer } from './demo';

await demoServer({ pageSize: Number(process.env.MCP_PAGE_SIZE ?? 50) }).start('stdio');
