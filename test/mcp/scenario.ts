/** The scenario every transport test runs with the official SDK client against the demo server (page size 3). */
import { expect } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  type JSONRPCMessage,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';

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
  // The SDK 1.x client dispatches notifications a microtask late but drops a request's progress handler as soon as
  // its response is read, so every progress that arrives in the same read as the response (a loaded machine) is lost
  // to `onprogress`. The server's messages are therefore checked as the transport hands them over: the three steps, in
  // order, all before the response; what `onprogress` got is some first part of them.
  const transport = client.transport!;
  const deliver = transport.onmessage!;
  const wire: JSONRPCMessage[] = [];
  transport.onmessage = (message, extra) => {
    wire.push(message);
    deliver(message, extra);
  };
  const progress: number[] = [];
  try {
    await client.callTool({ name: 'count', arguments: { steps: 3 } }, CallToolResultSchema, {
      onprogress: (p) => progress.push(p.progress),
    });
  } finally {
    transport.onmessage = deliver;
  }
  const response = wire.findIndex((m) => 'result' in m);
  expect(response).toBeGreaterThan(-1);
  const id = (wire[response] as { id: unknown }).id;
  const steps = (messages: JSONRPCMessage[]) =>
    messages.flatMap((m) => ('method' in m && m.method === 'notifications/progress' ? [m.params] : []));
  expect(steps(wire.slice(0, response))).toEqual(
    [1, 2, 3].map((n) => expect.objectContaining({ progressToken: id, progress: n, total: 3, message: `step ${n}` })),
  );
  expect(steps(wire.slice(response + 1))).toEqual([]);
  expect(progress).toEqual([1, 2, 3].slice(0, progress.length));
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
