/** Bench contestant: fw-mcp over stdio with the same `add` tool. */
import { createMCPServer } from 'fw-mcp';

await createMCPServer(null, { name: 'bench', version: '1.0.0' })
  .addTool<{ a: number; b: number }>({
    name: 'add',
    description: 'Adds two numbers',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
    handler: ({ a, b }) => String(a + b),
  })
  .start('stdio');
