import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../ws/ws-suite';
import { webSocketSuite } from '../../ws/ws-suite';
import { bundleWorker, runWorker } from './helpers';

let mf: Miniflare;
let base = '';

beforeAll(async () => {
  mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/ws-suite-worker.ts'));
  base = (await mf.ready).toString().replace(/^http/, 'ws').replace(/\/$/, '');
});
afterAll(() => mf?.dispose());

webSocketSuite('fw/worker (WebSocketPair in workerd)', () => base);

describe('fw/worker: rooms within one isolate', () => {
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
    expect(state.rooms).toEqual(expect.arrayContaining([expect.objectContaining({ room: 'one', members: 2 }), expect.objectContaining({ room: 'two', members: 1 })]));
    expect(state.presence).toEqual([{ user: 'a' }, { user: 'b' }]);
    expect(state.connections).toMatchObject({ instance: 'isolate-1', active: 3 });

    b.ws.close();
    await b.closed;
    await expect.poll(async () => ((await (await mf.dispatchFetch('http://localhost/rooms-state')).json()) as { presence: unknown[] }).presence).toEqual([{ user: 'a' }]);
    a.ws.close();
    d.ws.close();
  });
});
