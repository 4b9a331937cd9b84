import type { WSConnection, WebSocketData } from './routes';
import { decodePayload, encodePayload } from './payload';
import type { BroadcastOptions, ConnectionInfo, RoomBridge, RoomEvent, RoomInfo, RoomMember, Rooms, RoomsApp } from './types';

export type { BroadcastOptions } from './types';

/** Options of a RoomManager. */
export interface RoomManagerOptions<Data> {
  /** Fans broadcasts and presence out to other instances (none: this instance only). */
  bridge?: RoomBridge;
  /** This instance's id in presence and bridge events (default a random UUID). */
  instanceId?: string;
  /** The presence data a member shows (default its `ws.data`); must be JSON-able when a bridge is used. */
  presence?: (ws: WSConnection<Data>) => unknown;
  /**
   * With a bridge: how often (ms) this instance tells the others it is alive (default 15000; 0 disables).
   * Members of an instance not heard from for three intervals are dropped, so a crashed instance's members
   * do not stay listed forever.
   */
  heartbeatMs?: number;
}

interface LocalMember<Data> {
  ws: WSConnection<Data>;
  info: RoomMember;
}

/**
 * Rooms over the WebSocket routes of any target: join, leave, broadcast, presence and membership per room,
 * open connection counts. With a RoomBridge, broadcasts and presence reach the rooms' members on every instance.
 * `rooms()`, `presence(room)` and `connections()` return plain JSON (what the MCP tools `fw/ws/*` show).
 */
export class RoomManager<Data = unknown> implements Rooms<Data> {
  /** This instance's id. */
  readonly instanceId: string;
  private readonly local = new Map<string, Map<string, LocalMember<Data>>>();
  private readonly remote = new Map<string, Map<string, RoomMember>>();
  private readonly joined = new Map<string, Set<string>>();
  private readonly sockets = new Map<string, WSConnection<any>>();
  private readonly bridge: RoomBridge | null;
  private readonly presenceOf: (ws: WSConnection<Data>) => unknown;
  private readonly detachers: Array<() => void> = [];
  private subscription: Promise<() => Promise<void> | void> | null = null;
  private readonly heartbeatMs: number;
  private readonly lastHeard = new Map<string, number>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(options: RoomManagerOptions<Data> = {}) {
    this.instanceId = options.instanceId ?? crypto.randomUUID();
    this.bridge = options.bridge ?? null;
    this.presenceOf = options.presence ?? ((ws) => ws.data);
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    if (!(this.heartbeatMs >= 0) || this.heartbeatMs === Infinity)
      throw new RangeError('heartbeatMs must be a number of milliseconds >= 0');
  }

  /**
   * Watches every socket of an app (connection counts; members leave their rooms when they disconnect),
   * publishes this manager as app state `fw:rooms` for the MCP tools, and subscribes to the bridge.
   */
  attach(app: RoomsApp): this {
    this.detachers.push(
      app.websockets.observe({
        open: (ws) => {
          this.sockets.set(ws.id, ws);
        },
        close: (ws) => {
          this.sockets.delete(ws.id);
          void this.leaveAll(ws);
        },
      }),
    );
    app.setState('fw:rooms', this);
    void this.connect();
    return this;
  }

  /** Subscribes to the bridge and asks the other instances for their members; `attach` calls it. */
  connect(): Promise<void> {
    if (this.bridge === null) return Promise.resolve();
    const bridge = this.bridge;
    this.subscription ??= bridge
      .subscribe((event) => this.receive(event))
      .then(async (unsubscribe) => {
        await bridge.publish({ type: 'sync-request', origin: this.instanceId });
        this.startHeartbeat();
        return unsubscribe;
      });
    return this.subscription.then(() => undefined);
  }

  /** Adds a connection to a room (joining twice is a no-op). */
  async join(ws: WSConnection<Data>, room: string): Promise<void> {
    checkRoom(room);
    let members = this.local.get(room);
    if (!members) this.local.set(room, (members = new Map()));
    if (members.has(ws.id)) return;
    const info: RoomMember = { id: ws.id, data: this.presenceOf(ws), joinedAt: new Date().toISOString(), instance: this.instanceId };
    members.set(ws.id, { ws, info });
    let rooms = this.joined.get(ws.id);
    if (!rooms) this.joined.set(ws.id, (rooms = new Set()));
    rooms.add(room);
    if (ws.open && !this.sockets.has(ws.id)) this.sockets.set(ws.id, ws);
    await this.publish({ type: 'join', origin: this.instanceId, room, member: info });
  }

  /** Removes a connection from a room (leaving a room one is not in is a no-op). */
  async leave(ws: WSConnection<Data> | string, room: string): Promise<void> {
    const id = typeof ws === 'string' ? ws : ws.id;
    const members = this.local.get(room);
    if (!members?.delete(id)) return;
    if (members.size === 0) this.local.delete(room);
    const rooms = this.joined.get(id);
    rooms?.delete(room);
    if (rooms?.size === 0) this.joined.delete(id);
    await this.publish({ type: 'leave', origin: this.instanceId, room, id });
  }

  /** Removes a connection from every room it is in. */
  async leaveAll(ws: WSConnection<Data> | string): Promise<void> {
    const id = typeof ws === 'string' ? ws : ws.id;
    await Promise.all([...(this.joined.get(id) ?? [])].map((room) => this.leave(id, room)));
  }

  /** Sends a message to every member of a room on every instance; resolves to the number sent here. */
  async broadcast(room: string, data: WebSocketData, options: BroadcastOptions = {}): Promise<number> {
    checkRoom(room);
    if (typeof data !== 'string' && !(data instanceof ArrayBuffer) && !ArrayBuffer.isView(data))
      throw new TypeError('broadcast() sends a string, an ArrayBuffer or a typed array');
    const except = options.except === undefined ? null : typeof options.except === 'string' ? options.except : options.except.id;
    const sent = this.deliver(room, data, except);
    await this.publish({ type: 'broadcast', origin: this.instanceId, room, payload: encodePayload(data), except });
    return sent;
  }

  /** The rooms a connection is in. */
  roomsOf(ws: WSConnection<Data> | string): string[] {
    return [...(this.joined.get(typeof ws === 'string' ? ws : ws.id) ?? [])];
  }

  /** The connections of this instance in a room (membership, for sending to them directly). */
  members(room: string): WSConnection<Data>[] {
    return [...(this.local.get(room)?.values() ?? [])].map((m) => m.ws);
  }

  /** Every room with members on any instance, with member counts, sorted by name. */
  rooms(): RoomInfo[] {
    const names = new Set([...this.local.keys(), ...this.remote.keys()]);
    return [...names].sort().map((room) => {
      const local = this.local.get(room)?.size ?? 0;
      return { room, members: local + (this.remote.get(room)?.size ?? 0), local };
    });
  }

  /** Who is in a room on every instance, oldest member first. */
  presence(room: string): RoomMember[] {
    const here = [...(this.local.get(room)?.values() ?? [])].map((m) => m.info);
    const there = [...(this.remote.get(room)?.values() ?? [])];
    return [...here, ...there].sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
  }

  /** Open connections of this instance (every ws route of the attached app, or the members that joined). */
  connections(): ConnectionInfo {
    const byPath: Record<string, number> = {};
    for (const ws of this.sockets.values()) byPath[ws.path] = (byPath[ws.path] ?? 0) + 1;
    let remoteMembers = 0;
    for (const members of this.remote.values()) remoteMembers += members.size;
    return { instance: this.instanceId, active: this.sockets.size, byPath, remoteMembers };
  }

  /** Stops watching the app, tells the other instances this one is gone and unsubscribes from the bridge. */
  async close(): Promise<void> {
    for (const detach of this.detachers.splice(0)) detach();
    if (this.subscription === null) return;
    const unsubscribe = await this.subscription;
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.subscription = null;
    await this.bridge!.publish({ type: 'bye', origin: this.instanceId });
    await unsubscribe();
  }

  private deliver(room: string, data: WebSocketData, except: string | null): number {
    let sent = 0;
    for (const { ws } of this.local.get(room)?.values() ?? []) {
      if (ws.id === except || !ws.open) continue;
      ws.send(data);
      sent++;
    }
    return sent;
  }

  private async publish(event: RoomEvent): Promise<void> {
    if (this.bridge === null || this.subscription === null) return;
    await this.bridge.publish(event);
  }

  private startHeartbeat(): void {
    if (this.heartbeatMs === 0 || this.heartbeat !== null) return;
    this.heartbeat = setInterval(() => {
      void this.publish({ type: 'alive', origin: this.instanceId }).catch(() => undefined);
      const limit = Date.now() - 3 * this.heartbeatMs;
      for (const [instance, at] of this.lastHeard) if (at < limit) this.forget(instance);
    }, this.heartbeatMs);
    (this.heartbeat as { unref?: () => void }).unref?.();
  }

  private forget(instance: string): void {
    this.lastHeard.delete(instance);
    for (const [room, members] of this.remote) {
      for (const [id, member] of members) if (member.instance === instance) members.delete(id);
      if (members.size === 0) this.remote.delete(room);
    }
  }

  private receive(event: RoomEvent): void {
    if (event.origin === this.instanceId) return;
    if (event.type !== 'bye') this.lastHeard.set(event.origin, Date.now());
    switch (event.type) {
      case 'broadcast':
        this.deliver(event.room, decodePayload(event.payload), event.except);
        break;
      case 'join':
        this.addRemote(event.room, event.member);
        break;
      case 'leave':
        this.removeRemote(event.room, event.id);
        break;
      case 'sync-request':
        void this.publish({ type: 'sync', origin: this.instanceId, to: event.origin, rooms: this.localPresence() });
        break;
      case 'sync':
        if (event.to !== this.instanceId) break;
        for (const room in event.rooms) for (const member of event.rooms[room]) this.addRemote(room, member);
        break;
      case 'bye':
        this.forget(event.origin);
        break;
      case 'alive':
        break;
    }
  }

  private localPresence(): Record<string, RoomMember[]> {
    const out: Record<string, RoomMember[]> = {};
    for (const [room, members] of this.local) out[room] = [...members.values()].map((m) => m.info);
    return out;
  }

  private addRemote(room: string, member: RoomMember): void {
    let members = this.remote.get(room);
    if (!members) this.remote.set(room, (members = new Map()));
    members.set(member.id, member);
  }

  private removeRemote(room: string, id: string): void {
    const members = this.remote.get(room);
    if (!members?.delete(id)) return;
    if (members.size === 0) this.remote.delete(room);
  }
}

function checkRoom(room: string): void {
  if (typeof room !== 'string' || room.length === 0) throw new TypeError('A room name must be a non-empty string');
}
