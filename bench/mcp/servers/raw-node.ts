/** Bench ceiling: node:http answering the benchmark's one tools/call by hand (no MCP layer at all). Prints its endpoint URL. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      id: number;
      method: string;
      params: { name: string; arguments: { a: number; b: number } };
    };
    const { a, b } = message.params.arguments;
    if (message.method !== 'tools/call' || message.params.name !== 'add' || typeof a !== 'number' || typeof b !== 'number') {
      res.writeHead(400).end();
      return;
    }
    const body = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: String(a + b) }] } });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`));
