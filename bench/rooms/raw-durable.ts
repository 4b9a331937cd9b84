/**
 * The floor: a hand-written hibernatable Durable Object chat (no framework). The worker forwards /chat/:room
 * upgrades to the room's object, which accepts the socket and sends each message to every other socket it holds.
 */
interface Socket {
  send(data: string | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
}
interface State {
  acceptWebSocket(ws: Socket): void;
  getWebSockets(): Socket[];
}
interface Namespace {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(request: Request): Promise<Response> };
}

export class RawRoom {
  constructor(private readonly state: State) {}

  fetch(): Response {
    const pair = new (globalThis as unknown as { WebSocketPair: new () => [Socket, Socket] }).WebSocketPair();
    this.state.acceptWebSocket(pair[1]);
    pair[1].send('joined');
    return new Response(null, { status: 101, webSocket: pair[0] } as ResponseInit);
  }

  webSocketMessage(from: Socket, message: string | ArrayBuffer): void {
    for (const ws of this.state.getWebSockets()) if (ws !== from) ws.send(message);
  }

  webSocketClose(ws: Socket, code: number): void {
    ws.close(code === 1005 ? 1000 : code);
  }
}

export default {
  fetch(request: Request, env: { RAW: Namespace }): Promise<Response> | Response {
    const match = /^\/chat\/([\w-]+)$/.exec(new URL(request.url).pathname);
    if (!match || request.headers.get('upgrade') !== 'websocket') return new Response('not found', { status: 404 });
    return env.RAW.get(env.RAW.idFromName(match[1])).fetch(request);
  },
};
