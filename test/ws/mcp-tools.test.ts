import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomManager, type Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { runtimeTools } from '../../mcp/src/bridge/runtime-tools';
import { roomsApp, type Chat } from './rooms-app';
import { client } from './ws-suite';

describe('the MCP runtime tools fw/ws/* read the RoomManager a running app published', () => {
  const rooms = new RoomManager<Chat>({ instanceId: 'mcp-test' });
  let app: Fw;
  let server: NodeServer;

  beforeAll(async () => {
    app = roomsApp(rooms);
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
  });

  afterAll(() => server.stop());

  async function call(name: string, args: Record<string, unknown> = {}): Promise<unknown> {
    const tool = runtimeTools(app).find((t) => t.name === name);
    expect(tool, `tool ${name}`).toBeDefined();
    const result = (await tool!.handler(args)) as { content: Array<{ type: string; text: string }>; isError?: boolean };
    expect(result.isError ?? false).toBe(false);
    return JSON.parse(result.content[0].text);
  }

  it('lists rooms, presence and connections of live sockets', async () => {
    const ann = await client(`ws://127.0.0.1:${server.port}/chat/lobby?user=ann`);
    expect(await ann.next()).toBe('joined');
    expect(await call('fw/ws/rooms')).toEqual({ rooms: [{ room: 'lobby', members: 1, local: 1 }] });
    const presence = (await call('fw/ws/presence', { room: 'lobby' })) as { presence: Array<{ data: unknown; instance: string }> };
    expect(presence.presence.map((m) => [m.data, m.instance])).toEqual([[{ user: 'ann' }, 'mcp-test']]);
    expect(await call('fw/ws/connections')).toEqual({
      connections: { instance: 'mcp-test', active: 1, byPath: { '/chat/lobby': 1 }, remoteMembers: 0 },
    });
    ann.ws.close();
    await ann.closed;
  });
});
