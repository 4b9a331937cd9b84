/**
 * What `fw-mcp/plain` runs on instead of fw: its schema check (`@cfworker/json-schema`) refuses bad tool arguments and
 * bad output with the JSON pointer and the reason, for any draft; its in-memory store refuses bad TTLs and counters.
 */
import { describe, expect, it } from 'vitest';
import { createPlainMCPServer, type ClientLink, type MCPTool } from 'fw-mcp/plain';
import { MemoryStore } from '../../mcp/src/memory-store';
import { newPeer } from '../../mcp/src/peer';

const link: ClientLink = { peer: newPeer('', '2025-06-18', null), canRequest: false, send: () => false };

const add: MCPTool<{ a: number; b: number }> = {
  name: 'add',
  description: 'Adds',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
  handler: ({ a, b }) => ({ sum: a + b }),
};

async function call(tool: MCPTool<any>, args: unknown): Promise<Record<string, any>> {
  const server = createPlainMCPServer(null, { tools: [tool as MCPTool] });
  return (await server.handle(
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool.name, arguments: args } },
    link,
  )) as Record<string, any>;
}

describe("the plain server's schema check", () => {
  it('answers valid arguments', async () => {
    expect((await call(add, { a: 2, b: 3 })).result.structuredContent).toEqual({ sum: 5 });
  });

  it('makes bad arguments a tool error naming each path, and runs no handler', async () => {
    const text: string = (await call(add, { a: 'two' })).result.content[0].text;
    expect((await call(add, { a: 'two' })).result.isError).toBe(true);
    expect(text).toMatch(/^Invalid arguments for tool "add": /);
    expect(text).toMatch(/\/a: .*number/);
    expect(text).toMatch(/\(root\): .*b/);
  });

  it('refuses output that does not match the outputSchema with -32603 and the errors', async () => {
    const answer = await call({ ...add, handler: () => ({ sum: 'five' }) }, { a: 1, b: 2 });
    expect(answer.error.code).toBe(-32603);
    expect(answer.error.message).toMatch(/does not match its outputSchema: \/sum: /);
    expect(answer.error.data.errors[0]).toMatchObject({ path: '/sum', keyword: 'type' });
  });

  it('reads the draft a schema declares (draft-07 dependencies, draft-04 exclusiveMaximum as a boolean)', async () => {
    const draft7 = {
      ...add,
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', dependencies: { a: ['b'] } },
    } as MCPTool;
    expect((await call(draft7, { a: 1 })).result.isError).toBe(true);
    const draft4 = {
      ...add,
      outputSchema: undefined,
      inputSchema: {
        $schema: 'http://json-schema.org/draft-04/schema#',
        type: 'object',
        properties: { a: { maximum: 5, exclusiveMaximum: true } },
      },
    } as MCPTool;
    expect((await call(draft4, { a: 5, b: 0 })).result.isError).toBe(true);
    expect((await call(draft4, { a: 4, b: 0 })).result.isError).toBeUndefined();
  });
});

describe("the plain server's in-memory store", () => {
  it('keeps, lists by prefix in order, counts and deletes', async () => {
    const store = new MemoryStore();
    await store.put('t:b', '2');
    await store.put('t:a', '1', { ttl: 60 });
    await store.put('u:c', '3');
    expect(await store.list({ prefix: 't:' })).toEqual(['t:a', 't:b']);
    expect(await store.list({ limit: 1 })).toEqual(['t:a']);
    expect(await store.increment('n', 2)).toBe(2);
    expect(await store.increment('n')).toBe(3);
    await store.delete('t:a');
    expect(await store.get('t:a')).toBeNull();
    expect(await store.get('t:b')).toBe('2');
  });

  it('refuses a TTL that is not a positive number of seconds, and counting a value that is not an integer', async () => {
    const store = new MemoryStore();
    await expect(store.put('k', 'v', { ttl: 0 })).rejects.toThrow(/positive number of seconds/);
    await expect(store.put('k', 'v', { ttl: Number.NaN })).rejects.toThrow(/positive number of seconds/);
    await store.put('k', 'text');
    await expect(store.increment('k')).rejects.toThrow(/not an integer counter/);
  });
});
