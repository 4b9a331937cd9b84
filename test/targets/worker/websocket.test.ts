import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, webSocketSuite } from '../../ws/ws-suite';
import { bundleWorker, runWorker } from './helpers';

/** Starts the ws fixture worker in a fresh workerd and returns it with its ws:// base URL. */
async function start(): Promise<{ mf: Miniflare; base: string }> {
  const mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/ws-suite-worker.ts'));
  return { mf, base: (await mf.ready).toString().replace(/^http/, 'ws').replace(/\/$/, '') };
}

describe('fw/worker: the shared WebSocket suite', () => {
  let suite: { mf: Miniflare; base: string };
  beforeAll(async () => {
    suite = await start();
  });
  afterAll(() => suite?.mf.dispose());

  // Workers have no server-side ping: a silent peer is left to the runtime, so that one case does not apply.
  webSocketSuite('fw/worker (WebSocketPair in workerd)', () => suite.base, { serverPings: false });
});

describe('fw/worker: rooms within one isolate', () => {
  let mf: Miniflare;
  let base = '';
  beforeAll(async () => {
    ({ mf, base } = await start());
  });
  afterAll(() => mf?.dispose());

  async function join(room: string, user: string) {
    const c = await client(`${base}/chat/${room}?user=${user}`);
    expect(await c.next()).toBe('joined');
    return c;
  }

  it('broadcasts to a room except the sender, and reports rooms, presence and connections', async () => {
    const a = await join('one', 'a');
    const b = await join('one', 'b');
    const d = await join('two', 'd');
    a.ws.send('hi');
    expect(await b.next()).toBe('a: hi');
    d.ws.send('/rooms');
    expect(await d.next()).toBe('["two"]');

    const state = (await (await mf.dispatchFetch('http://localhost/rooms-state')).json()) as {
      rooms: { room: string; members: number }[];
      presence: unknown[];
      connections: { instance: string; active: number };
    };
    expect(state.rooms).toEqual(
      expect.arrayContaining([expect.objectContaining({ room: 'one', members: 2 }), expect.objectContaining({ room: 'two', members: 1 })]),
    );
    expect(state.presence).toEqual([{ user: 'a' }, { user: 'b' }]);
    expect(state.connections).toMatchObject({ instance: 'isolate-1', active: 3 });

    b.ws.close();
    await b.closed;
    await expect
      .poll(async () => ((await (await mf.dispatchFetch('http://localhost/rooms-state')).json()) as { presence: unknown[] }).presence)
      .toEqual([{ user: 'a' }]);
    a.ws.close();
    d.ws.close();
  });
});
