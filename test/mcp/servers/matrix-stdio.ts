/** The matrix app's MCP server over stdio (a child process of the client matrix test). */
import { createApp } from '../../../examples/mcp-stdio/app';
import { matrixServer } from './matrix-app';

await matrixServer(createApp()).start('stdio');
