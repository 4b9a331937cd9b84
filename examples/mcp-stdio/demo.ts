/** A small MCP server used by the stdio example and the fw-mcp tests: tools, resources, a template, prompts. */
import { createMCPServer, type MCPServer, type MCPServerOptions } from 'fw-mcp';

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });

/** Builds the demo server; seven tools so a page size of 3 gives three pages. */
export function demoServer(options: MCPServerOptions = {}): MCPServer {
  const server = createMCPServer(null, {
    name: 'fw-mcp-demo',
    version: '1.0.0',
    instructions: 'Demo tools: add numbers, echo text, report progress.',
    exposeRoutes: false,
    builtinTools: false,
    builtinPrompts: false,
    ...options,
  });
  server
    .addTool<{ a: number; b: number }>({
      name: 'add',
      description: 'Adds two numbers',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
      annotations: { readOnlyHint: true },
      handler: ({ a, b }) => ({ sum: a + b }),
    })
    .addTool<{ text: string }>({
      name: 'echo',
      description: 'Echoes text back',
      inputSchema: { type: 'object', properties: { text: { type: 'string', maxLength: 1000 } }, required: ['text'] },
      handler: ({ text }) => text,
    })
    .addTool<{ steps: number }>({
      name: 'count',
      description: 'Counts to `steps`, reporting progress and logging each step',
      inputSchema: { type: 'object', properties: { steps: { type: 'integer', minimum: 1, maximum: 20 } }, required: ['steps'] },
      handler: async ({ steps }, ctx) => {
        for (let i = 1; i <= steps; i++) {
          ctx.notifyProgress(i, steps, `step ${i}`);
          ctx.log(i === steps ? 'notice' : 'debug', `counted ${i}`, 'count');
          await pause(5);
        }
        return `counted to ${steps}`;
      },
    })
    .addTool<{ question: string }>({
      name: 'ask_model',
      description: 'Asks the client model through sampling/createMessage',
      inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
      handler: async ({ question }, ctx) => {
        const answer = await ctx.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: question } }], maxTokens: 50 });
        return `model said: ${answer.content?.text}`;
      },
    })
    .addTool({
      name: 'stream_words',
      description: 'Streams three text blocks as they are produced',
      handler: async function* () {
        for (const word of ['one', 'two', 'three']) {
          await pause(5);
          yield word;
        }
      },
    })
    .addTool<{ ms: number }>({
      name: 'sleep',
      description: 'Waits `ms` milliseconds unless cancelled',
      inputSchema: { type: 'object', properties: { ms: { type: 'integer', minimum: 0, maximum: 60000 } }, required: ['ms'] },
      handler: async ({ ms }, ctx) => {
        await pause(ms, ctx.signal);
        return `slept ${ms} ms`;
      },
    })
    .addTool({
      name: 'fail',
      description: 'Always fails (a tool error, not a protocol error)',
      handler: () => {
        throw new Error('this tool always fails');
      },
    });
  server
    .addResource({ uri: 'demo://readme', name: 'readme', mimeType: 'text/markdown', text: '# Demo\nA demo resource.' })
    .addResource({ uri: 'demo://logo', name: 'logo', mimeType: 'image/png', handler: () => new Uint8Array([137, 80, 78, 71]) })
    .addResourceTemplate({
      uriTemplate: 'demo://users/{id}',
      name: 'user',
      mimeType: 'application/json',
      complete: { id: (value) => ['1', '2', '10', '11'].filter((id) => id.startsWith(value)) },
      handler: (_uri, { id }) => JSON.stringify({ id, name: `user ${id}` }),
    });
  server.addPrompt({
    name: 'greet',
    description: 'Greets someone in a language',
    arguments: [{ name: 'name', required: true }, { name: 'language' }],
    complete: { language: (value) => ['english', 'french', 'finnish', 'german'].filter((l) => l.startsWith(value)) },
    handler: ({ name, language }) => `Say hello to ${name} in ${language ?? 'english'}.`,
  });
  return server;
}
