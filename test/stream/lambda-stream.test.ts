/**
 * The streaming helpers under lambdaStream() (Lambda response streaming), with the runtime's `awslambda` global
 * stubbed over an in-memory stream: each event is written to the response stream as the handler produces it.
 * Buffered lambda() collects the whole body before answering (targets.test.ts covers that).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installAwsLambdaGlobal } from '../fixtures/lambda/awslambda-stub';
import { invokeStreaming } from '../fixtures/lambda/timed-stream';
import streamApp from './fixtures/stream-app';

let uninstall: () => void;
beforeEach(() => {
  uninstall = installAwsLambdaGlobal();
});
afterEach(() => uninstall());

const invoke = (path: string) => invokeStreaming(streamApp(), path);

describe('streaming helpers under lambdaStream()', () => {
  it('sends the SSE headers in the prelude and every event', async () => {
    const stream = await invoke('/sse');
    const { prelude, body } = stream.parse();
    expect(prelude).toMatchObject({ statusCode: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
    expect(body).toBe(
      [0, 1, 2].map((i) => `event: tick\ndata: line ${i}\ndata: second\nid: ${i}\n${i === 0 ? 'retry: 1000\n' : ''}\n`).join(''),
    );
  });

  it('writes the first event to the response stream before the handler has finished', async () => {
    const stream = await invoke('/slow-sse');
    const first = stream.times.find((t) => t.text.includes('data: first'));
    const second = stream.times.find((t) => t.text.includes('data: second'));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000);
    expect(stream.ended).toBe(true);
  });

  it('ends with what onError wrote after an error', async () => {
    expect((await invoke('/fails')).parse().body).toBe('before;sorry');
  });
});
