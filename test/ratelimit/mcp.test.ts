/** The official MCP SDK client reads the limiter through the fw-mcp runtime tool fw/ratelimit/metrics. */
import { afterAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { mcp, createMCPPlugin } from 'fw-mcp';
import type { NodeServer } from 'fw/node';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { TokenBucketStore, rateLimit } from '../../src/ratelimit';
import { connectHTTP, listen } from '../mcp/helpers';

let http: NodeServer | null = null;
let client: Client | null = null;
afterAll(async () => {
  await client?.close();
  await http?.stop();
});

describe('fw/ratelimit/metrics over MCP', () => {
  it('shows rps, limits and buckets of the mounted limiter, and the limiter counts the MCP calls too', async () => {
    const app = new Fw();
    await app.plugin(rateLimit({ store: new TokenBucketStore({ capacity: 1000, refillPerSecond: 100 }) }));
    app.get('/hello', () => 'hi');
    await app.plugin(createMCPPlugin(mcp(app)));
    http = await listen(app);
    expect((await fetch(`${http.url}/hello`)).headers.get('x-ratelimit-limit')).toBe('1000');
    client = await connectHTTP(`${http.url}/mcp`);
    const result = await client.callTool({ name: 'fw/ratelimit/metrics', arguments: {} });
    expect(result.isError).toBeFalsy();
    const metrics = JSON.parse((result.content as { type: string; text: string }[])[0].text);
    expect(metrics.limits).toEqual({ kind: 'token-bucket', capacity: 1000, refillPerSecond: 100 });
    expect(metrics.buckets).toBe(1);
    expect(metrics.total).toBeGreaterThanOrEqual(3);
    expect(metrics.limited).toBe(0);
    expect(typeof metrics.rps).toBe('number');
  });
});
