/**
 * The streaming helpers on every target (fw/node, fw/bun, workerd, Lambda through lambda()): the same answers
 * everywhere, and where the target streams (all but buffered Lambda, which collects the body first) the first
 * event arrives before the handler finishes and a client that leaves aborts the stream.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget, type TargetClient } from '../targets/every-target';

const app = fileURLToPath(new URL('./fixtures/stream-app.ts', import.meta.url));

describeEveryTarget('streaming helpers', app, (client) => {
  it('answers an SSE stream with its headers and every event', async () => {
    const response = await client().fetch('/sse');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const events = [0, 1, 2].map((i) => `event: tick\ndata: line ${i}\ndata: second\nid: ${i}\n${i === 0 ? 'retry: 1000\n' : ''}\n`);
    expect(await response.text()).toBe(events.join(''));
  });

  it('answers a text stream and a byte stream', async () => {
    const text = await client().fetch('/text');
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await text.text()).toBe('row 0\nrow 1\nrow 2\n');
    const bytes = await client().fetch('/bytes');
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(new Uint8Array([0, 0, 1, 1, 2, 2, 3, 3]));
  });

  it('ends with what onError writes after an error, never the error text', async () => {
    expect(await (await client().fetch('/fails')).text()).toBe('before;sorry');
  });
});

/** Reads from a body until `text` has arrived; returns what was read. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string): Promise<string> {
  const decoder = new TextDecoder();
  let got = '';
  while (!got.includes(text)) {
    const next = await reader.read();
    if (next.done) break;
    got += decoder.decode(next.value, { stream: true });
  }
  return got;
}

async function abortCount(c: TargetClient): Promise<{ aborts: number; lastWritten: number }> {
  return (await c.fetch('/aborts')).json() as Promise<{ aborts: number; lastWritten: number }>;
}

describeEveryTarget(
  'streaming helpers, while streaming',
  app,
  (client) => {
    it('delivers the first event before the handler has finished', async () => {
      const response = await client().fetch('/slow-sse');
      const reader = response.body!.getReader();
      // The handler waits 1.5 s between the events: a buffered answer would bring both in one piece.
      expect(await readUntil(reader, 'first')).toBe('data: first\n\n');
      expect(await readUntil(reader, 'second')).toBe('data: second\n\n');
    });

    it('aborts the stream when the client goes away', async () => {
      const before = (await abortCount(client())).aborts;
      const response = await client().fetch('/endless');
      const reader = response.body!.getReader();
      await readUntil(reader, 'data: 2\n');
      await reader.cancel();
      let state = await abortCount(client());
      for (let i = 0; i < 100 && state.aborts === before; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = await abortCount(client());
      }
      expect(state.aborts).toBe(before + 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await abortCount(client())).lastWritten).toBe(state.lastWritten);
      expect(state.lastWritten).toBeLessThan(100);
    });
  },
  { targets: ['node', 'bun', 'worker'] },
);
