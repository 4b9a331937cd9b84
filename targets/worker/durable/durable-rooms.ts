import {
  encodePayload,
  type BroadcastOptions,
  type ConnectionInfo,
  type Fw,
  type RoomInfo,
  type RoomMember,
  type Rooms,
  type WSConnection,
  type WebSocketData,
  type WebSocketUpgrade,
} from 'fw';
import {
  checkRoomName,
  directoryName,
  internalOrigin,
  objectName,
  roomHeader,
  roomNameProblem,
  upgradeHeader,
  type ForwardedUpgrade,
  type ObjectReport,
  type RoomOperation,
  type SocketAttachment,
} from './room-protocol';
import { timeoutOption, withTimeout } from './kv-rpc';

/** The Durable Object namespace binding calls durableRooms makes (`env.ROOMS`). */
export interface RoomsNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(input: string, init?: RequestInit): Promise<Response> };
}

/** Options of `durableRooms()`. */
export interface DurableRoomsOptions<Env = any, Data = unknown> {
  /** The namespace binding of the `FwRoom` class, e.g. `(env) => env.ROOMS`. */
  namespace: (env: Env) => RoomsNamespace;
  /**
   * The room whose object holds a new socket (default: the route's `:room` parameter, else the route pattern).
   * The socket can join any room; its own room's broadcasts reach it without a hop between objects.
   */
  home?: (upgrade: WebSocketUpgrade<Data>) => string;
  /** The presence data a member shows, JSON, taken when it joins; undefined (or no option): its `ws.data`, not copied into the attachment. */
  presence?: (ws: WSConnection<Data>) => unknown;
  /** Milliseconds a call to a room object (and a forwarded handshake) may wait for its answer before failing (default 5000). */
  timeoutMs?: number;
}

/** What a room object does for the sockets it holds, on behalf of the handlers running in it. */
export interface SocketHost {
  /** The room this object is. */
  readonly name: string;
  join(id: string, room: string): Promise<void>;
  leave(id: string, room: string): Promise<void>;
  /** Sends to this room's members (here and in other objects); resolves to the number of sockets sent to. */
  broadcastHere(data: WebSocketData, except: string | null): Promise<number>;
}

/** A socket held by a room object of this isolate. */
export interface HeldSocket {
  host: SocketHost;
  attachment: SocketAttachment;
}

let active: DurableRooms<any> | null = null;
const encoder = new TextEncoder();

/** The largest `ws.data` (JSON bytes) a socket may carry: half of the 16 KiB the runtime allows a socket's attachment, the rest holding id, path, params and rooms. */
const maxDataBytes = 8192;

/** The durableRooms() attached by this worker module; FwRoom objects serve its app. */
export function activeRooms(): DurableRooms<any> {
  if (active === null || active.app === null)
    throw new Error(
      'fw/worker: FwRoom has no app: export default worker(app, { rooms: durableRooms({ namespace: (env) => env.ROOMS }) }) from the module that exports FwRoom',
    );
  return active;
}

function json(status: number, error: string, code: string): Response {
  return new Response(JSON.stringify({ error, code }), { status, headers: { 'content-type': 'application/json' } });
}

function defaultHome(upgrade: WebSocketUpgrade<any>): string {
  const room = upgrade.params.room;
  return typeof room === 'string' ? room : upgrade.route.path.replace(/[^\w.~:@/-]/g, '_').slice(0, 128);
}

/**
 * Rooms on Durable Objects: each room is one `FwRoom` object holding its sockets with the hibernatable
 * WebSocket API, so membership, presence and broadcasts span every isolate. The app-facing API is the
 * RoomManager's (`Rooms`); the worker forwards every WebSocket upgrade to the object of the socket's room and
 * the route's handlers run there. See targets/worker/README.md "Rooms on Durable Objects".
 */
export class DurableRooms<Data = unknown> implements Rooms<Data> {
  /** The app whose ws routes the objects serve (set by `attach`). */
  app: Fw | null = null;
  private env: unknown = undefined;
  private ns: RoomsNamespace | null = null;
  private readonly held = new Map<string, HeldSocket>();
  private readonly timeoutMs: number;

  constructor(private readonly options: DurableRoomsOptions<any, Data>) {
    if (typeof options !== 'object' || options === null || typeof options.namespace !== 'function')
      throw new TypeError(
        'durableRooms({ namespace }) needs namespace: (env) => env.ROOMS, the binding of the FwRoom Durable Object class',
      );
    this.timeoutMs = timeoutOption('durableRooms', options.timeoutMs);
    if (options.home !== undefined && typeof options.home !== 'function')
      throw new TypeError('durableRooms({ home }) takes a function of the upgrade returning a room name');
    if (options.presence !== undefined && typeof options.presence !== 'function')
      throw new TypeError('durableRooms({ presence }) takes a function of the connection returning JSON');
  }

  /** Serves this app's ws routes from the room objects and publishes the rooms as app state `fw:rooms`. */
  attach(app: Fw): this {
    if (active !== null && active !== this)
      throw new Error('fw/worker: a worker module takes one durableRooms(): the FwRoom objects serve a single app');
    if (this.app !== null && this.app !== app) throw new Error('fw/worker: durableRooms() is already attached to another app');
    active = this;
    this.app = app;
    app.setState('fw:rooms', this);
    return this;
  }

  /** Takes the env of a request (or of an object) whose namespace binding later calls use; the worker and FwRoom call it. */
  bind(env: unknown): void {
    if (env === this.env) return;
    this.env = env;
    this.ns = null;
  }

  /** Hands an accepted upgrade to the object of its room, which answers the handshake (the worker calls it). */
  async forward(upgrade: WebSocketUpgrade<Data>, env: unknown): Promise<Response> {
    this.bind(env);
    const home = (this.options.home ?? defaultHome)(upgrade);
    const problem = roomNameProblem(home);
    if (problem !== null) return json(400, problem, 'BAD_ROOM');
    const forwarded: ForwardedUpgrade = { route: upgrade.route.path, path: upgrade.path, params: upgrade.params, data: upgrade.data, home };
    let data: string | undefined;
    try {
      data = JSON.stringify(upgrade.data);
    } catch (error) {
      console.error('fw/worker: ws.data returned by upgrade() is not JSON, so no room object can hold it', error);
      return json(500, 'Internal Server Error', 'INTERNAL_ERROR');
    }
    if (data !== undefined && encoder.encode(data).byteLength > maxDataBytes) {
      console.error(
        `fw/worker: ws.data returned by upgrade() on ${upgrade.route.path} is ${encoder.encode(data).byteLength} bytes of JSON; durable rooms keep it in the socket's hibernation attachment (16 KiB for everything), so it may be at most ${maxDataBytes} bytes: bound what upgrade() takes from the request`,
      );
      return json(500, 'Internal Server Error', 'INTERNAL_ERROR');
    }
    const header = encodeURIComponent(JSON.stringify(forwarded));
    const answer = await withTimeout(`fw/worker: the room object ${objectName(home)}`, this.timeoutMs, (signal) =>
      this.stub(objectName(home)).fetch(`${internalOrigin}/connect`, {
        headers: { upgrade: 'websocket', [upgradeHeader]: header },
        signal,
      }),
    );
    const webSocket = (answer as Response & { webSocket?: unknown }).webSocket;
    if (answer.status !== 101 || !webSocket) return answer;
    return new Response(null, { status: 101, headers: upgrade.headers, webSocket } as ResponseInit);
  }

  /** Adds a connection to a room, wherever the room's object runs (joining twice is a no-op). */
  async join(ws: WSConnection<Data>, room: string): Promise<void> {
    checkRoomName(room);
    const socket = this.held.get(ws?.id);
    if (!socket)
      throw new TypeError(
        'durableRooms: join() takes a connection of a ws route served by worker(app, { rooms }) (it runs in the room object)',
      );
    await socket.host.join(ws.id, room);
  }

  /** Removes a connection held by this isolate's objects from a room (a no-op when it is not in it). */
  async leave(ws: WSConnection<Data> | string, room: string): Promise<void> {
    const socket = this.held.get(typeof ws === 'string' ? ws : ws?.id);
    if (socket) await socket.host.leave(socket.attachment.id, room);
  }

  /** Removes a connection from every room it is in. */
  async leaveAll(ws: WSConnection<Data> | string): Promise<void> {
    const socket = this.held.get(typeof ws === 'string' ? ws : ws?.id);
    if (!socket) return;
    for (const room of Object.keys(socket.attachment.rooms)) await socket.host.leave(socket.attachment.id, room);
  }

  /** Sends a message to every member of a room, in every object; resolves to the number of sockets sent to. */
  async broadcast(room: string, data: WebSocketData, options: BroadcastOptions = {}): Promise<number> {
    checkRoomName(room);
    if (typeof data !== 'string' && !(data instanceof ArrayBuffer) && !ArrayBuffer.isView(data))
      throw new TypeError('broadcast() sends a string, an ArrayBuffer or a typed array');
    const except = options.except === undefined ? null : typeof options.except === 'string' ? options.except : options.except.id;
    // A handler broadcasting to its own socket's room runs in that room's object: deliver from here.
    const sender = except === null ? undefined : this.held.get(except);
    if (sender?.host.name === room) return sender.host.broadcastHere(data, except);
    const answer = await this.call<{ sent: number }>(objectName(room), room, { op: 'broadcast', payload: encodePayload(data), except });
    return answer.sent;
  }

  /** The rooms a connection held by this isolate's objects is in. */
  roomsOf(ws: WSConnection<Data> | string): string[] {
    return Object.keys(this.held.get(typeof ws === 'string' ? ws : ws?.id)?.attachment.rooms ?? {});
  }

  /** Every room with members, from the directory object, sorted by name. */
  async rooms(): Promise<RoomInfo[]> {
    const reports = await this.call<ObjectReport[]>(directoryName, null, { op: 'list' });
    return reports
      .filter((r) => r.members > 0)
      .map((r) => ({ room: r.room, members: r.members, local: r.local }))
      .sort((a, b) => (a.room < b.room ? -1 : a.room > b.room ? 1 : 0));
  }

  /** Who is in a room, from the room's object, oldest member first. */
  async presence(room: string): Promise<RoomMember[]> {
    checkRoomName(room);
    return this.call<RoomMember[]>(objectName(room), room, { op: 'presence' });
  }

  /** Open sockets of every room object, from the directory (`remoteMembers`: members held by another room's object). */
  async connections(): Promise<ConnectionInfo> {
    const reports = await this.call<ObjectReport[]>(directoryName, null, { op: 'list' });
    const byPath: Record<string, number> = {};
    let active = 0;
    let remoteMembers = 0;
    for (const r of reports) {
      remoteMembers += r.members - r.local;
      for (const path in r.byPath) {
        byPath[path] = (byPath[path] ?? 0) + r.byPath[path];
        active += r.byPath[path];
      }
    }
    return { instance: 'durable-objects', active, byPath, remoteMembers };
  }

  /** The presence data the `presence` option gives a connection, or undefined without one (presence then shows its current `ws.data`). */
  presenceOf(ws: WSConnection<Data>): unknown {
    return this.options.presence?.(ws);
  }

  /** Records a socket an object of this isolate holds (FwRoom calls it). */
  hold(id: string, socket: HeldSocket): void {
    this.held.set(id, socket);
  }

  /** Forgets a socket that closed (FwRoom calls it). */
  release(id: string): void {
    this.held.delete(id);
  }

  /** Sends an internal operation to an object by name (`room` tells it which room it is) and reads its JSON answer. */
  async call<T>(name: string, room: string | null, operation: RoomOperation): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (room !== null) headers[roomHeader] = encodeURIComponent(room);
    return withTimeout(`fw/worker: the room object ${name}`, this.timeoutMs, async (signal) => {
      const answer = await this.stub(name).fetch(`${internalOrigin}/${operation.op}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(operation),
        signal,
      });
      if (!answer.ok) throw new Error(`fw/worker: the room object ${name} answered ${answer.status}: ${await answer.text()}`);
      return (await answer.json()) as T;
    });
  }

  private stub(name: string): { fetch(input: string, init?: RequestInit): Promise<Response> } {
    if (this.env === undefined)
      throw new Error(
        'durableRooms: no env yet: rooms are reachable once the worker has served a request (worker(app, { rooms }) binds them)',
      );
    if (this.ns === null) {
      const ns = this.options.namespace(this.env);
      if (typeof ns?.idFromName !== 'function' || typeof ns.get !== 'function')
        throw new Error(
          'durableRooms: namespace(env) returned no Durable Object namespace: bind the FwRoom class in wrangler.toml ([[durable_objects.bindings]] name = "ROOMS", class_name = "FwRoom") and return env.ROOMS',
        );
      this.ns = ns;
    }
    return this.ns.get(this.ns.idFromName(name));
  }
}

/**
 * Rooms whose state lives in Durable Objects (one `FwRoom` per room): pass the result to
 * `worker(app, { rooms })` and call it from ws handlers as a RoomManager.
 */
export function durableRooms<Data = unknown, Env = any>(options: DurableRoomsOptions<Env, Data>): DurableRooms<Data> {
  return new DurableRooms<Data>(options);
}
