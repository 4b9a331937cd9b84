/**
 * The streaming helpers under lambdaStream() (Lambda response streaming), with the runtime's `awslambda` global
 * stubbed over an in-memory stream: each event is written to the response stream as the handler produces it.
 * Buffered lambda() collects the whole body before answering (targets.test.ts covers that).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lambdaStream } from 'fw/lambda';
import { CapturedStream, installAwsLambdaGlobal } from '../fixtures/lambda/awslambda-stub';
import { lambdaContext } from '../fixtures/lambda/context';
import { fixture } from '../targets/lambda/fixtures';
import streamApp from './fixtures/stream-app';

/** A captured stream that also notes when each chunk was written. */
class TimedStream extends CapturedStream {
  readonly times: { at: number; text: string }[] = [];
  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.times.push({ at: Date.now(), text: chunk.toString('utf8') });
    super._write(chunk, encoding, callback);
  }
}

let uninstall: () => void;
beforeEach(() => {
  uninstall = installAwsLambdaGlobal();
});
afterEach(() => uninstall());

async function invoke(path: string): Promise<TimedStream> {
  const event = fixture('function-url');
  event.rawPath = path;
  event.requestContext.http.path = path;
  const stream = new TimedStream();
  await lambdaStream(streamApp())(event, stream, lambdaContext());
  return stream;
}

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
