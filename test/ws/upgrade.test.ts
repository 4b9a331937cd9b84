import { describe, expect, it } from 'vitest';
import { Fw, type WebSocketUpgrade } from 'fw';

const handshake = {
  upgrade: 'websocket',
  connection: 'Upgrade',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
  'sec-websocket-version': '13',
};

function upgradeRequest(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, { headers: { ...handshake, ...headers } });
}

describe('app.upgradeWebSocket', () => {
  it('returns null when no ws route matches the path', async () => {
    const app = new Fw().ws('/chat', {});
    expect(await app.upgradeWebSocket(upgradeRequest('/other'))).toBeNull();
  });

  it('accepts a handshake with params, the data upgrade() returned and headers it set', async () => {
    const app = new Fw().ws<{ user: string }>('/rooms/:room', {
      upgrade(ctx) {
        ctx.setHeader('x-room', ctx.params.room);
        ctx.setCookie('seen', '1');
        return { user: ctx.query.user };
      },
    });
    const result = (await app.upgradeWebSocket(upgradeRequest('/rooms/lobby?user=ann'))) as WebSocketUpgrade<{ user: string }>;
    expect(result).not.toBeInstanceOf(Response);
    expect(result.params).toEqual({ room: 'lobby' });
    expect(result.data).toEqual({ user: 'ann' });
    expect(result.path).toBe('/rooms/lobby');
    expect(result.headers.get('x-room')).toBe('lobby');
    expect(result.headers.getSetCookie()).toEqual(['seen=1; Path=/']);
    expect(result.maxPayload).toBe(1024 * 1024);
  });

  it('gives ws.data an empty object when there is no upgrade hook', async () => {
    const app = new Fw().ws('/chat', {}, { maxPayload: 10 });
    const result = (await app.upgradeWebSocket(upgradeRequest('/chat'))) as WebSocketUpgrade;
    expect(result.data).toEqual({});
    expect(result.maxPayload).toBe(10);
  });

  it('refuses with the Response upgrade() returns', async () => {
    const app = new Fw().ws('/secure', {
      upgrade: (ctx) => (ctx.header('authorization') === 'Bearer ok' ? { ok: true } : new Response('no', { status: 401 })),
    });
    const refused = await app.upgradeWebSocket(upgradeRequest('/secure'));
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(401);
    const accepted = await app.upgradeWebSocket(upgradeRequest('/secure', { authorization: 'Bearer ok' }));
    expect((accepted as WebSocketUpgrade).data).toEqual({ ok: true });
  });

  it('turns an error thrown by upgrade() into an error response', async () => {
    const app = new Fw().ws('/boom', {
      upgrade() {
        throw Object.assign(new Error('nope'), { status: 403 });
      },
    });
    const refused = (await app.upgradeWebSocket(upgradeRequest('/boom'))) as Response;
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('json');
  });

  it('runs global middleware before the upgrade, which may refuse it', async () => {
    const app = new Fw()
      .use(async (ctx, next) => (ctx.header('x-key') === 'k' ? next() : new Response('forbidden', { status: 403 })))
      .ws('/chat', { upgrade: () => ({ via: 'hook' }) });
    expect(((await app.upgradeWebSocket(upgradeRequest('/chat'))) as Response).status).toBe(403);
    expect(((await app.upgradeWebSocket(upgradeRequest('/chat', { 'x-key': 'k' }))) as WebSocketUpgrade).data).toEqual({ via: 'hook' });
  });

  it('answers 426 to a plain request on a ws path', async () => {
    const app = new Fw().ws('/chat', {});
    const response = (await app.upgradeWebSocket(new Request('http://localhost/chat'))) as Response;
    expect(response.status).toBe(426);
    expect(response.headers.get('upgrade')).toBe('websocket');
    expect(await response.json()).toMatchObject({ code: 'UPGRADE_REQUIRED' });
  });

  it('rejects bad registrations', () => {
    const app = new Fw();
    expect(() => app.ws('/x', null as never)).toThrow(TypeError);
    expect(() => app.ws('/x', {}, { maxPayload: 0 })).toThrow(RangeError);
  });
});
