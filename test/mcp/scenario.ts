/** The scenario every transport test runs with the official SDK client against the demo server (page size 3). */
import { expect } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, CreateMessageRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * The same scenario on any transport: pages, call, read, prompt, complete, progress, logging, sampling. `stateless`:
 * the server has no session, so the log level travels with the request (`_meta`) instead of `logging/setLevel`.
 */
export async function exercise(client: Client, stateless = false): Promise<void> {
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({
    role: 'assistant',
    model: 'm',
    content: { type: 'text', text: 'forty-two' },
  }));
  const names: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    names.push(page.tools.map((t) => t.name));
    cursor = page.nextCursor;
  } while (cursor);
  expect(names).toEqual([['add', 'echo', 'count'], ['ask_model', 'stream_words', 'sleep'], ['fail']]);
  expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })).structuredContent).toEqual({ sum: 3 });
  expect(((await client.readResource({ uri: 'demo://users/5' })).contents[0] as { text: string }).text).toBe('{"id":"5","name":"user 5"}');
  expect((await client.getPrompt({ name: 'greet', arguments: { name: 'Lin', language: 'finnish' } })).messages[0].content).toEqual({
    type: 'text',
    text: 'Say hello to Lin in finnish.',
  });
  expect(
    (await client.complete({ ref: { type: 'ref/resource', uri: 'demo://users/{id}' }, argument: { name: 'id', value: '1' } })).completion
      .values,
  ).toEqual(['1', '10', '11']);
  const progress: number[] = [];
  await client.callTool({ name: 'count', arguments: { steps: 3 } }, CallToolResultSchema, { onprogress: (p) => progress.push(p.progress) });
  // The SDK 1.x client dispatches notifications a microtask late but drops a request's progress handler as soon as
  // its response is read, so when the last progress and the response arrive in one read (a loaded machine) the
  // client loses that last notification: the server's order is checked, and the final step may be missing.
  expect([
    [1, 2],
    [1, 2, 3],
  ]).toContainEqual(progress);
  const logs: string[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    logs.push(String(n.params.data));
  });
  if (stateless) await client.callTool({ name: 'count', arguments: { steps: 3 }, _meta: { 'io.modelcontextprotocol/logLevel': 'notice' } });
  else {
    await client.setLoggingLevel('notice');
    await client.callTool({ name: 'count', arguments: { steps: 3 } });
  }
  expect(logs).toEqual(['counted 3']);
  expect((await client.callTool({ name: 'ask_model', arguments: { question: 'answer?' } })).content).toEqual([
    { type: 'text', text: 'model said: forty-two' },
  ]);
}
