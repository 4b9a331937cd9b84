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
