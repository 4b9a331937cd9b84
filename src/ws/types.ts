import type { WSConnection, WebSocketData, WebSocketRoutes } from './routes';

/** What rooms need of an app (fw's `Fw`): its WebSocket routes to watch, and app state to publish themselves in. */
export interface RoomsApp {
  readonly websockets: Pick<WebSocketRoutes, 'observe'>;
  setState(key: string, value: unknown): unknown;
}

/** One member of a room as presence reports it (plain JSON). */
export interface RoomMember {
  /** The connection id (`ws.id`). */
  id: string;
  /** The member's presence data (by default its `ws.data`). */
  data: unknown;
  /** When the member joined (ISO 8601). */
  joinedAt: string;
  /** The instance (process, isolate) the connection lives on. */
  instance: string;
}

/** One room as `rooms()` lists it. */
export interface RoomInfo {
  room: string;
  /** Members on every instance the bridge reaches. */
  members: number;
  /** Members connected to this instance. */
  local: number;
}

/** Open connections of this instance, as `connections()` reports them. */
export interface ConnectionInfo {
  instance: string;
  /** Open sockets on this instance. */
  active: number;
  /** Open sockets per request path. */
  byPath: Record<string, number>;
  /** Members known on other instances (through the bridge). */
  remoteMembers: number;
}

/** A message body carried across instances: text as is, bytes as base64. */
export type BridgePayload = { text: string } | { base64: string };

/** What instances tell each other through a RoomBridge; every event names the instance it came from. */
export type RoomEvent =
  | { type: 'broadcast'; origin: string; room: string; payload: BridgePayload; except: string | null }
  | { type: 'join'; origin: string; room: string; member: RoomMember }
  | { type: 'leave'; origin: string; room: string; id: string }
  | { type: 'sync-request'; origin: string }
  | { type: 'sync'; origin: string; to: string; rooms: Record<string, RoomMember[]> }
  | { type: 'bye'; origin: string }
  | { type: 'alive'; origin: string };

/**
 * Carries room events between instances (pub/sub): every event published reaches every subscriber,
 * the publisher's own included (the RoomManager ignores its own). In memory here; Redis pub/sub elsewhere.
 */
export interface RoomBridge {
  /** Sends an event to every subscribed instance. */
  publish(event: RoomEvent): Promise<void>;
  /** Receives every published event; resolves to a function that unsubscribes. */
  subscribe(listener: (event: RoomEvent) => void): Promise<() => Promise<void> | void>;
}

/** Options of `broadcast`. */
export interface BroadcastOptions {
  /** A connection (or its id) not to send to, typically the sender. */
  except?: WSConnection<any> | string;
}

/**
 * What app code calls on rooms, whichever backend holds them: the in-memory `RoomManager` (with an optional
 * bridge) or `durableRooms()` of fw/worker, where each room is a Durable Object. Write handlers against this
 * type to run the same code on every target; the reports may be asynchronous (a remote backend answers them).
 */
export interface Rooms<Data = unknown> {
  /** Adds a connection to a room (joining twice is a no-op). */
  join(ws: WSConnection<Data>, room: string): Promise<void>;
  /** Removes a connection from a room (a no-op when it is not in it). */
  leave(ws: WSConnection<Data> | string, room: string): Promise<void>;
  /** Removes a connection from every room it is in. */
  leaveAll(ws: WSConnection<Data> | string): Promise<void>;
  /** Sends a message to every member of a room; resolves to a count of sockets sent to (see the backend). */
  broadcast(room: string, data: WebSocketData, options?: BroadcastOptions): Promise<number>;
  /** The rooms a connection is in. */
  roomsOf(ws: WSConnection<Data> | string): string[];
  /** Every room with members, with member counts, sorted by name. */
  rooms(): RoomInfo[] | Promise<RoomInfo[]>;
  /** Who is in a room, oldest member first. */
  presence(room: string): RoomMember[] | Promise<RoomMember[]>;
  /** Open connections. */
  connections(): ConnectionInfo | Promise<ConnectionInfo>;
  /** Wires the rooms to an app and publishes them as app state `fw:rooms` (what the MCP tools read). */
  attach(app: RoomsApp): this;
}
