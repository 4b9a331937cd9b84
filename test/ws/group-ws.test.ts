/** WebSocket routes registered inside a group live under the group's prefix. */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';

describe('group.ws', () => {
  it('registers the route under the prefix, so the handshake resolves there and nowhere else', async () => {
    const app = new Fw();
    app.group('/api', (g) => g.group('/v1', (v1) => v1.ws('/chat/:room', { message: () => undefined })));
    const upgrade = (path: string) =>
      new Request(`http://localhost${path}`, {
        headers: {
          upgrade: 'websocket',
          connection: 'Upgrade',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          'sec-websocket-version': '13',
        },
      });
    const found = await app.upgradeWebSocket(upgrade('/api/v1/chat/lobby'));
    expect(found).not.toBeNull();
    expect(found).not.toBeInstanceOf(Response);
    expect((found as { params: Record<string, string> }).params).toEqual({ room: 'lobby' });
    expect(await app.upgradeWebSocket(upgrade('/chat/lobby'))).toBeNull();
  });
});
