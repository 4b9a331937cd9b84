import {
  decodePayload,
  encodePayload,
  type Fw,
  type WebSocketData,
  type RoomMember,
  type WebSocketDriver,
  type WebSocketRoute,
  type WebSocketUpgrade,
} from 'fw';
import { activeRooms, type DurableRooms, type SocketHost } from './durable-rooms';
import {
  directoryName,
  objectName,
  roomHeader,
  upgradeHeader,
  type ForwardedUpgrade,
  type ObjectReport,
  type RemoteMember,
  type RoomOperation,
  type SocketAttachment,
} from './room-protocol';
import { deadMembers, refreshReports } from './stale-state';

/** The server end of a hibernatable WebSocket, as FwRoom uses it (the runtime's `WebSocket` fits). */
export interface RoomSocket {
  readonly readyState: number;
  send(data: string | ArrayBuffer | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
  serializeAttachment(value: unknown): void;
  deserializeAttachment(): unknown;
}

/** The Durable Object state calls FwRoom makes (`ctx` of a Durable Object). */
export interface RoomObjectState {
  acceptWebSocket(ws: unknown, tags?: string[]): void;
  getWebSockets(tag?: string): unknown[];
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
    delete(key: string): Promise<boolean>;
    list<T>(options?: { prefix?: string }): Promise<Map<string, T>>;
  };
}

type WebSocketPairConstructor = new () => { 0: unknown; 1: RoomSocket };

/** A socket this object holds, with the driver running its route's handlers. */
interface Live {
  socket: RoomSocket;
  attachment: SocketAttachment;
  route: WebSocketRoute;
  driver: WebSocketDriver<unknown>;
  closed: boolean;
  /** The JSON of the `ws.data` last saved, so a message that changed nothing writes no attachment. */
  saved: string | null;
}

const OPEN = 1;
/** How long a room object gathers changes before reporting its counts to the directory. */
const reportDelayMs = 50;
const encoder = new TextEncoder();

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
}

/** The JSON of a value, or null when it has none (then every message saves the attachment). */
function jsonOf(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

function sendableCode(code: number): number {
  return code === 1000 ||
    (code >= 1001 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) ||
    (code >= 3000 && code <= 4999)
    ? code
    : 1000;
}

/**
 * The Durable Object of `durableRooms()`: one object per room holds that room's sockets with the hibernatable
 * WebSocket API (`acceptWebSocket`, tags = connection ids, attachments = each connection's id, route, data and
 * rooms), runs the app's ws handlers for them, keeps the members whose sockets live in other objects, and
 * reports its counts to one directory object (`rooms()`, `connections()`). Export it from the worker module
 * and bind it as `ROOMS` (see targets/worker/README.md).
 */
export class FwRoom implements SocketHost {
  private room = '';
  private readonly rooms: DurableRooms<unknown>;
  private readonly app: Fw;
  private readonly live = new Map<RoomSocket, Live>();
  /** The remote members, read from storage and checked against their home objects once per instance. */
  private remote: Promise<Map<string, RemoteMember>> | null = null;
  /** Directory side: the stored reports checked against their rooms once per instance. */
  private reportsChecked: Promise<void> | null = null;
  private reporting: Promise<void> | null = null;
  private reportAgain = false;
  private reportTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly state: RoomObjectState,
    env: unknown,
  ) {
    this.rooms = activeRooms();
    this.app = this.rooms.app!;
    this.rooms.bind(env);
  }

  /** The room this object is. */
  get name(): string {
    return this.room;
  }

  /** Answers the worker's internal requests: a forwarded upgrade, or an operation of room-protocol.ts. */
  async fetch(request: Request): Promise<Response> {
    const forwarded = request.headers.get(upgradeHeader);
    if (forwarded !== null) return this.openSocket(JSON.parse(decodeURIComponent(forwarded)) as ForwardedUpgrade);
    const room = request.headers.get(roomHeader);
    if (room !== null) this.room = decodeURIComponent(room);
    const operation = (await request.json().catch(() => null)) as RoomOperation | null;
    switch (operation?.op) {
      case 'presence':
        return json(await this.presence());
      case 'broadcast':
        return json({ sent: await this.broadcastHere(decodePayload(operation.payload), operation.except) });
      case 'deliver':
        return json(this.deliver(operation.ids, operation.payload, operation.except));
      case 'add-member':
        await this.setRemote(operation.member.id, operation.member);
        return json({ ok: true });
      case 'remove-member':
        await this.setRemote(operation.id, null);
        return json({ ok: true });
      case 'report':
        await this.record(operation.report);
        return json({ ok: true });
      case 'list':
        await (this.reportsChecked ??= this.checkReports());
        return json(await this.reports());
      case 'holds':
        return json(operation.ids.filter((id) => this.holds(id)));
      case 'recount':
        await this.sendReport();
        return json({ ok: true });
    }
    return json({ error: 'Unknown room operation', code: 'BAD_REQUEST' }, 400);
  }

  /** A message from a socket (the object may just have woken from hibernation). */
  async webSocketMessage(socket: RoomSocket, message: string | ArrayBuffer): Promise<void> {
    await this.app.ready();
    const live = this.liveOf(socket);
    if (live === null || live.closed) return;
    const size = typeof message === 'string' ? encoder.encode(message).byteLength : message.byteLength;
    if (size > live.route.options.maxPayload) {
      socket.close(1009, 'Message too big');
      await this.closed(live, 1009, 'Message too big');
      return;
    }
    await live.driver.message(typeof message === 'string' ? message : new Uint8Array(message));
    if (jsonOf(live.driver.socket.data) !== live.saved || live.saved === null) this.keep(live);
  }

  /** The peer closed (1005: no code, 1006: dropped); the handshake is answered and the member leaves its rooms. */
  async webSocketClose(socket: RoomSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(sendableCode(code), reason);
    } catch {
      // Already closed from this side.
    }
    await this.app.ready();
    const live = this.liveOf(socket);
    if (live !== null) await this.closed(live, code, reason);
    this.live.delete(socket);
  }

  /** The connection failed: the member leaves its rooms, handlers see a 1006 close. */
  async webSocketError(socket: RoomSocket): Promise<void> {
    await this.app.ready();
    const live = this.liveOf(socket);
    if (live !== null) await this.closed(live, 1006, 'Connection error');
    this.live.delete(socket);
  }

  /** Adds a socket of this object to a room (this one: locally; another: as a remote member there). */
  async join(id: string, room: string): Promise<void> {
    const live = this.byId(id);
    if (live === null || room in live.attachment.rooms) return;
    const joinedAt = new Date().toISOString();
    const presence = this.rooms.presenceOf(live.driver.socket);
    live.attachment = { ...live.attachment, rooms: { ...live.attachment.rooms, [room]: joinedAt } };
    if (presence !== undefined) live.attachment.presence = presence;
    this.keep(live);
    if (room === this.room) return this.report();
    const member: RemoteMember = { id, data: this.presenceData(live.attachment), joinedAt, home: this.room };
    await this.rooms.call(objectName(room), room, { op: 'add-member', member });
  }

  /** Removes a socket of this object from a room. */
  async leave(id: string, room: string): Promise<void> {
    const live = this.byId(id);
    if (live === null || !(room in live.attachment.rooms)) return;
    const { [room]: _, ...rest } = live.attachment.rooms;
    live.attachment = { ...live.attachment, rooms: rest };
    this.keep(live);
    if (room === this.room) return this.report();
    await this.rooms.call(objectName(room), room, { op: 'remove-member', id });
  }

  /** Sends to this room's members: its own sockets directly, the others through their objects. */
  async broadcastHere(data: WebSocketData, except: string | null): Promise<number> {
    let sent = 0;
    for (const live of this.sockets())
      if (live.attachment.id !== except && this.room in live.attachment.rooms && this.send(live.socket, data)) sent++;
    const homes = new Map<string, string[]>();
    for (const member of (await this.remoteMembers()).values()) {
      if (member.id === except) continue;
      const ids = homes.get(member.home) ?? [];
      ids.push(member.id);
      homes.set(member.home, ids);
    }
    if (homes.size === 0) return sent;
    const payload = encodePayload(data);
    const answers = await Promise.all(
      [...homes].map(([home, ids]) =>
        this.rooms
          .call<{ sent: number; gone: string[] }>(objectName(home), home, { op: 'deliver', ids, payload, except })
          .catch((error: unknown) => {
            console.error(`fw/worker: a broadcast in room ${this.room} did not reach the members held by room ${home}`, error);
            return { sent: 0, gone: [] };
          }),
      ),
    );
    // Members whose sockets closed without their leave reaching this room (a failed call) are dropped now.
    for (const answer of answers) {
      sent += answer.sent;
      for (const id of answer.gone) await this.setRemote(id, null);
    }
    return sent;
  }

  private async presence(): Promise<RoomMember[]> {
    const here: RoomMember[] = this.sockets()
      .filter((live) => this.room in live.attachment.rooms)
      .map((live) => ({
        id: live.attachment.id,
        data: this.presenceData(live.attachment),
        joinedAt: live.attachment.rooms[this.room],
        instance: objectName(this.room),
      }));
    const there: RoomMember[] = [...(await this.remoteMembers()).values()].map((m) => ({
      id: m.id,
      data: m.data,
      joinedAt: m.joinedAt,
      instance: objectName(m.home),
    }));
    return [...here, ...there].sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
  }

  private presenceData(attachment: SocketAttachment): unknown {
    return 'presence' in attachment ? attachment.presence : attachment.data;
  }

  private async openSocket(forwarded: ForwardedUpgrade): Promise<Response> {
    this.room = forwarded.home;
    await this.app.ready();
    const route = this.app.websockets.routes().find((r) => r.path === forwarded.route);
    if (!route) {
      console.error(`fw/worker: FwRoom has no ws route ${forwarded.route} (the worker and the object run different versions?)`);
      return json({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' }, 500);
    }
    const Pair = (globalThis as { WebSocketPair?: WebSocketPairConstructor }).WebSocketPair!;
    const pair = new Pair();
    const id = crypto.randomUUID();
    this.state.acceptWebSocket(pair[1], [id]);
    const live = this.bind(pair[1], { ...forwarded, id, rooms: {} });
    this.keep(live);
    // Queued before any message the socket may deliver, so `open` runs first.
    void live.driver
      .opened()
      .then(() => {
        this.keep(live);
        this.report();
      })
      .catch((error: unknown) => console.error('fw/worker: a room socket failed to open', error));
    return new Response(null, { status: 101, webSocket: pair[0] } as ResponseInit);
  }

  private route(attachment: SocketAttachment): WebSocketRoute {
    const route = this.app.websockets.routes().find((r) => r.path === attachment.route);
    if (!route) throw new Error(`fw/worker: FwRoom has no ws route ${attachment.route}`);
    return route;
  }

  /** Builds the driver of a socket: at accept time, or for a socket that outlived the object (hibernation). */
  private bind(socket: RoomSocket, attachment: SocketAttachment): Live {
    const route = this.route(attachment);
    const upgrade: WebSocketUpgrade<unknown> = {
      route,
      handlers: route.handlers,
      data: attachment.data,
      params: attachment.params,
      path: attachment.path,
      headers: new Headers(),
      maxPayload: route.options.maxPayload,
      idleTimeout: route.options.idleTimeout,
    };
    const driver = this.app.websockets.connect(
      upgrade,
      { send: (data) => this.send(socket, data), close: (code, reason) => socket.close(code ?? 1000, reason ?? '') },
      attachment.id,
    );
    const live: Live = { socket, attachment, route, driver, closed: attachment.done === true, saved: jsonOf(attachment.data) };
    this.live.set(socket, live);
    this.room ||= attachment.home;
    if (!live.closed) this.rooms.hold(attachment.id, { host: this, attachment });
    return live;
  }

  private liveOf(socket: RoomSocket): Live | null {
    const known = this.live.get(socket);
    if (known) return known;
    const attachment = socket.deserializeAttachment() as SocketAttachment | null;
    return attachment ? this.bind(socket, attachment) : null;
  }

  private byId(id: string): Live | null {
    const socket = this.state.getWebSockets(id)[0] as RoomSocket | undefined;
    return socket ? this.liveOf(socket) : null;
  }

  /** The open sockets this object holds (woken ones rebuilt from their attachments). */
  private sockets(): Live[] {
    const out: Live[] = [];
    for (const socket of this.state.getWebSockets() as RoomSocket[]) {
      if (socket.readyState !== OPEN) continue;
      const live = this.liveOf(socket);
      if (live !== null && !live.closed) out.push(live);
    }
    return out;
  }

  private send(socket: RoomSocket, data: string | ArrayBuffer | ArrayBufferView): boolean {
    if (socket.readyState !== OPEN) return false;
    try {
      socket.send(data);
      return true;
    } catch (error) {
      console.error('fw/worker: a WebSocket frame could not be delivered', error);
      return false;
    }
  }

  /** Sends to sockets of this object by id; `gone` names those it no longer holds, so the room drops them. */
  private deliver(ids: string[], payload: { text: string } | { base64: string }, except: string | null): { sent: number; gone: string[] } {
    const data = decodePayload(payload);
    let sent = 0;
    const gone: string[] = [];
    for (const id of ids) {
      if (id === except) continue;
      const socket = this.state.getWebSockets(id)[0] as RoomSocket | undefined;
      if (!socket || socket.readyState !== OPEN) gone.push(id);
      else if (this.send(socket, data)) sent++;
    }
    return { sent, gone };
  }

  /** Saves a socket's attachment (ws.data included) so it survives hibernation; one over the runtime's 16 KiB limit closes it with 1011. */
  private keep(live: Live): void {
    if (live.closed || live.socket.readyState !== OPEN) return;
    const attachment = { ...live.attachment, data: live.driver.socket.data };
    try {
      live.socket.serializeAttachment(attachment);
      live.attachment = attachment;
      live.saved = jsonOf(attachment.data);
      this.rooms.hold(attachment.id, { host: this, attachment });
    } catch (error) {
      console.error(
        `fw/worker: the state of socket ${attachment.id} on ${attachment.path} cannot be kept for hibernation (ws.data must be JSON and the attachment at most 16 KiB)`,
        error,
      );
      live.driver.socket.close(1011, 'Internal error');
    }
  }

  private async closed(live: Live, code: number, reason: string): Promise<void> {
    if (live.closed) return;
    const rooms = Object.keys(live.attachment.rooms);
    for (const room of rooms) {
      if (room === this.room) continue;
      await this.rooms
        .call(objectName(room), room, { op: 'remove-member', id: live.attachment.id })
        .catch((error: unknown) => console.error(`fw/worker: room ${room} could not drop member ${live.attachment.id}`, error));
    }
    live.closed = true;
    try {
      // An object woken from hibernation by the peer's answer to our close must not run the close twice.
      live.socket.serializeAttachment({ ...live.attachment, done: true });
    } catch {
      // The socket is closed already: no later event will come for it.
    }
    await live.driver.closed(code, reason);
    this.rooms.release(live.attachment.id);
    this.report();
  }

  private remoteMembers(): Promise<Map<string, RemoteMember>> {
    this.remote ??= this.loadRemoteMembers().catch((error: unknown) => {
      this.remote = null;
      throw error;
    });
    return this.remote;
  }

  /**
   * Reads the stored remote members and drops those whose home object no longer holds their socket: they died with
   * a restarted process (hibernated sockets are still held), and no close will ever come for them.
   */
  private async loadRemoteMembers(): Promise<Map<string, RemoteMember>> {
    const stored = await this.state.storage.list<RemoteMember>({ prefix: 'member:' });
    const members = new Map([...stored.values()].map((m) => [m.id, m]));
    if (members.size === 0) return members;
    const dead = await deadMembers(this.rooms, this.room, [...members.values()]);
    for (const id of dead) {
      members.delete(id);
      await this.state.storage.delete(`member:${id}`);
    }
    if (dead.length > 0) this.report();
    return members;
  }

  /** Whether this object holds an open socket with this id (a hibernated one included). */
  private holds(id: string): boolean {
    const socket = this.state.getWebSockets(id)[0] as RoomSocket | undefined;
    if (!socket || socket.readyState !== OPEN) return false;
    const live = this.liveOf(socket);
    return live !== null && !live.closed;
  }

  private async reports(): Promise<ObjectReport[]> {
    return [...(await this.state.storage.list<ObjectReport>({ prefix: 'report:' })).values()];
  }

  /** Directory side, once per instance: every room with a stored report reports again (see stale-state.ts). */
  private async checkReports(): Promise<void> {
    await refreshReports(this.rooms, await this.reports());
  }

  private async setRemote(id: string, member: RemoteMember | null): Promise<void> {
    const members = await this.remoteMembers();
    if (member === null) {
      if (!members.delete(id)) return;
      await this.state.storage.delete(`member:${id}`);
    } else {
      members.set(id, member);
      await this.state.storage.put(`member:${id}`, member);
    }
    this.report();
  }

  /** Directory side: keeps the last report of each room object. */
  private async record(report: ObjectReport): Promise<void> {
    const key = `report:${report.room}`;
    if (report.members === 0 && Object.keys(report.byPath).length === 0) await this.state.storage.delete(key);
    else await this.state.storage.put(key, report);
  }

  /**
   * Sends this object's counts to the directory, at most one report per `reportDelayMs` (a burst of joins is one
   * report) and one at a time. Nothing waits for it: one directory serves every room, and its latency stays off
   * joins, leaves and closes.
   */
  private report(): void {
    if (this.room === '' || this.reportTimer !== null) return;
    this.reportTimer = setTimeout(() => {
      this.reportTimer = null;
      void this.sendReport();
    }, reportDelayMs);
  }

  private sendReport(): Promise<void> {
    if (this.reporting !== null) {
      this.reportAgain = true;
      return this.reporting;
    }
    const run = async (): Promise<void> => {
      do {
        this.reportAgain = false;
        const sockets = this.sockets();
        const byPath: Record<string, number> = {};
        for (const live of sockets) byPath[live.attachment.path] = (byPath[live.attachment.path] ?? 0) + 1;
        const local = sockets.filter((live) => this.room in live.attachment.rooms).length;
        const report: ObjectReport = { room: this.room, members: local + (await this.remoteMembers()).size, local, byPath };
        await this.rooms
          .call(directoryName, null, { op: 'report', report })
          .catch((error: unknown) => console.error('fw/worker: the rooms directory could not be updated', error));
      } while (this.reportAgain);
    };
    this.reporting = run().finally(() => {
      this.reporting = null;
    });
    return this.reporting;
  }
}
