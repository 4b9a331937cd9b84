/**
 * proxy() under lambdaStream() (Lambda response streaming), the runtime's `awslambda` global stubbed over an
 * in-memory stream: the upstream's chunks are written to the response stream as they arrive.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAwsLambdaGlobal } from '../fixtures/lambda/awslambda-stub';
import { invokeStreaming } from '../fixtures/lambda/timed-stream';
import proxyApp from './fixtures/proxy-app';
import { startUpstream, type Upstream } from './fixtures/upstream';

let upstream: Upstream;
let uninstall: () => void;
beforeAll(async () => {
  upstream = await startUpstream();
  process.env.FW_PROXY_UPSTREAM = upstream.origin;
});
afterAll(() => upstream.stop());
beforeEach(() => {
  uninstall = installAwsLambdaGlobal();
});
afterEach(() => uninstall());

const invoke = (path: string) => invokeStreaming(proxyApp(), path);

describe('proxy() under lambdaStream()', () => {
  it('writes each upstream chunk to the response stream as it arrives', async () => {
    const stream = await invoke('/up/chunks');
    expect(stream.parse().body).toBe('chunk-0;chunk-1;chunk-2;');
    const first = stream.times.find((t) => t.text.includes('chunk-0'));
    const last = stream.times.find((t) => t.text.includes('chunk-2'));
    expect(first).toBeDefined();
    expect(last).toBeDefined();
    expect(first!.text).not.toContain('chunk-2');
    expect(last!.at - first!.at).toBeGreaterThanOrEqual(250);
  });

  it('sets X-Forwarded-For from the Lambda source IP, and answers 502 for an unreachable upstream', async () => {
    const seen = JSON.parse((await invoke('/up/echo/x')).parse().body) as { headers: Record<string, string> };
    expect(seen.headers['x-forwarded-for']).toBe('203.0.113.20');
    const down = await invoke('/down');
    expect(down.parse().prelude).toMatchObject({ statusCode: 502 });
  });
});
