/**
 * The official SDK v2 client (`@modelcontextprotocol/client`, installed into test/.out by `ensureInstalled('sdkV2')`)
 * speaking MCP 2026-07-28 to the v2026 test app (test/mcp/servers/v2026-app.ts), and the check of what it saw.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { repoRoot } from './helpers';
import { installs } from './client-matrix';
import { guide } from './servers/matrix-app';

/** What the client saw through one 2026-07-28 scenario. */
export interface Seen2026 {
  protocolVersion?: string;
  era?: string;
  serverName?: string;
  tools: Array<{ name: string; execution?: unknown }>;
  routeTool: { structuredContent?: unknown; isError?: boolean };
  runtimeTool: { structuredContent?: Record<string, unknown>; isError?: boolean };
  resource: { contents: Array<{ uri: string; text?: string }> };
  prompt: { messages: Array<{ content: { type: string; text?: string } }> };
  completion: { completion: { values: string[] } };
  elicited: { structuredContent?: unknown; isError?: boolean };
  sampled: { structuredContent?: unknown; isError?: boolean };
  roots: { structuredContent?: unknown; isError?: boolean };
  /** The elicitation/create requests the client answered, in order. */
  asked: string[];
  /** The honoured filter of the subscription, and the notification it delivered after a `bump`. */
  honoured?: unknown;
  updated?: unknown;
}

/** Loads a module of the installed SDK v2 client. */
export function loadSdkV2(name: string): Promise<any> {
  const from = createRequire(`${repoRoot}test/.out/${installs.sdkV2.dir}/`);
  return import(pathToFileURL(from.resolve(name)).href);
}

/** Rejects after `ms` so a missing notification fails the test instead of hanging it. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms))]);
}

/** A connected SDK v2 client declaring elicitation (form), sampling and roots, answering them as a user would. */
export async function modernClient(url: string, mode: unknown = { pin: '2026-07-28' }): Promise<{ client: any; asked: string[] }> {
  const sdk = await loadSdkV2('@modelcontextprotocol/client');
  const client = new sdk.Client(
    { name: 'fw-2026-tests', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} }, versionNegotiation: { mode } },
  );
  const asked: string[] = [];
  client.setRequestHandler('elicitation/create', async (request: any) => {
    asked.push(request.params.message);
    return { action: 'accept', content: request.params.message.startsWith('Delete') ? { confirm: true } : { name: 'Ada' } };
  });
  client.setRequestHandler('sampling/createMessage', async () => ({
    role: 'assistant',
    content: { type: 'text', text: 'A short summary' },
    model: 'test-model',
    stopReason: 'endTurn',
  }));
  client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
  await client.connect(new sdk.StreamableHTTPClientTransport(new URL(url)));
  return { client, asked };
}

/** How the scenario runs: whether it subscribes, where `bump` is called, the negotiation mode, a buffered response. */
export interface ScenarioOptions {
  subscribe?: boolean;
  /** Another instance to call `bump` on (default: the one listening). */
  bumpUrl?: string;
  mode?: unknown;
  /**
   * The listen stream reaches the client only once the server ends it (buffered Lambda, `maxDurationMs`): bump while
   * the listen is pending instead of after its acknowledgement.
   */
  buffered?: boolean;
}

/**
 * Runs the 2026-07-28 scenario: list tools, call a route tool, read, get a prompt, complete, a tool that elicits twice
 * (two round trips), one that samples, one that lists roots; then, unless `subscribe` is false, listens to
 * `app://counter` and bumps it through `bump` (on `bumpUrl`, another instance, when given).
 */
export async function sdkV2Modern(url: string, options: ScenarioOptions = {}): Promise<Seen2026> {
  const { client, asked } = await modernClient(url, options.mode);
  try {
    const seen: Seen2026 = {
      protocolVersion: client.getNegotiatedProtocolVersion(),
      era: client.getProtocolEra?.(),
      serverName: client.getServerVersion()?.name,
      tools: (await client.listTools()).tools,
      routeTool: await client.callTool({ name: 'get_users_by_id', arguments: { id: 2 } }),
      runtimeTool: await client.callTool({ name: 'fw/serverless/status', arguments: {} }),
      resource: await client.readResource({ uri: 'docs://users-guide' }),
      prompt: await client.getPrompt({ name: 'fw/analyze-route', arguments: { path: '/users/:id' } }),
      completion: await client.complete({
        ref: { type: 'ref/prompt', name: 'fw/analyze-route' },
        argument: { name: 'path', value: '/users' },
      }),
      elicited: await client.callTool({ name: 'delete_user', arguments: { id: '2' } }),
      sampled: await client.callTool({ name: 'summarize', arguments: { text: 'fw serves MCP' } }),
      roots: await client.callTool({ name: 'roots', arguments: {} }),
      asked,
    };
    if (options.subscribe === false) return seen;
    let delivered!: (params: unknown) => void;
    const updated = new Promise((resolve) => {
      delivered = resolve;
    });
    client.setNotificationHandler('notifications/resources/updated', (notification: any) => delivered(notification.params));
    const listening = client.listen({ resourceSubscriptions: ['app://counter', 'app://nothing'] });
    if (options.buffered) await new Promise((resolve) => setTimeout(resolve, 500));
    else await listening;
    if (options.bumpUrl === undefined) await client.callTool({ name: 'bump', arguments: {} });
    else {
      const other = await modernClient(options.bumpUrl);
      await other.client.callTool({ name: 'bump', arguments: {} });
      await other.client.close();
    }
    const subscription = await listening;
    seen.honoured = subscription.honoredFilter;
    seen.updated = await within(updated, 10_000, 'notifications/resources/updated');
    await subscription.close();
    return seen;
  } finally {
    await client.close();
  }
}

/** Checks what the client saw: 2026-07-28 negotiated, every feature answered, the round trips and the subscription. */
export function expectModernScenario(seen: Seen2026, target: 'node' | 'worker' | 'lambda', subscribed = true): void {
  expect(seen.protocolVersion).toBe('2026-07-28');
  expect(seen.serverName).toBe('fw-2026');
  const names = seen.tools.map((tool) => tool.name);
  expect(names).toEqual(expect.arrayContaining(['get_users_by_id', 'fw/serverless/status', 'delete_user', 'bump']));
  expect(seen.routeTool.structuredContent).toEqual({ id: '2', name: 'Grace Hopper', role: 'user' });
  expect(seen.runtimeTool.structuredContent).toMatchObject({ target });
  expect(seen.resource.contents).toEqual([{ uri: 'docs://users-guide', mimeType: 'text/markdown', text: guide }]);
  expect(seen.prompt.messages[0].content.text).toContain('Route: GET /users/:id');
  expect(seen.completion.completion.values).toEqual(expect.arrayContaining(['/users', '/users/:id']));
  expect(seen.asked).toEqual(['Delete user 2?', 'Who confirms?']);
  expect(seen.elicited).toMatchObject({ structuredContent: { deleted: true, id: '2', by: 'Ada' } });
  expect(seen.sampled).toMatchObject({ structuredContent: { summary: 'A short summary', model: 'test-model' } });
  expect(seen.roots).toMatchObject({ structuredContent: { roots: [{ uri: 'file:///work', name: 'work' }] } });
  if (!subscribed) return;
  expect(seen.honoured).toEqual({ resourceSubscriptions: ['app://counter'] });
  expect(seen.updated).toMatchObject({ uri: 'app://counter' });
}
