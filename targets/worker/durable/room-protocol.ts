/**
 * What the worker and the room objects of `durableRooms()` say to each other: object names, the internal
 * requests (sent through the namespace binding only, so no client can reach them) and what each socket carries
 * as its hibernation attachment.
 */
import { HttpError, type Params } from 'fw';

/** The room names accepted: 1 to 128 letters, digits and `_ - . ~ : @ /`. */
export const roomNamePattern = /^[\w.~:@/-]{1,128}$/;

/** The object that keeps the room list and connection counts of every room object. */
export const directoryName = 'fw:directory';

/** The header carrying an upgrade from the worker to the room object that will hold the socket. */
export const upgradeHeader = 'x-fw-ws-upgrade';

/** The header naming the room an internal request is for (URI-encoded), so an object knows which room it is. */
export const roomHeader = 'x-fw-room';

/** The base URL of internal requests (never resolved: the namespace stub routes them). */
export const internalOrigin = 'https://fw-rooms.internal';

/** Why a room name is refused, or null when it is fine. */
export function roomNameProblem(room: unknown): string | null {
  if (typeof room !== 'string') return 'A room name must be a string';
  if (roomNamePattern.test(room)) return null;
  return `Invalid room name ${JSON.stringify(room.length > 140 ? `${room.slice(0, 140)}…` : room)}: use 1 to 128 letters, digits and _ - . ~ : @ /`;
}

/** Throws a 400 HttpError (code BAD_ROOM) naming the problem when a room name is not accepted: a route passing user input answers 400. */
export function checkRoomName(room: unknown): asserts room is string {
  const problem = roomNameProblem(room);
  if (problem !== null) throw new HttpError(400, problem, { code: 'BAD_ROOM' });
}

/** The Durable Object name of a room (room names never collide with the directory's). */
export function objectName(room: string): string {
  return `room:${room}`;
}

/** What the worker hands the room object when it forwards an accepted upgrade. */
export interface ForwardedUpgrade {
  /** The ws route's pattern (`/chat/:room`): the object finds the route's handlers by it. */
  route: string;
  path: string;
  params: Params;
  /** What `upgrade(ctx)` returned (JSON). */
  data: unknown;
  /** The room whose object holds the socket. */
  home: string;
}

/** A socket's hibernation attachment: everything needed to rebuild its connection after the object slept. */
export interface SocketAttachment extends ForwardedUpgrade {
  id: string;
  /** Rooms joined, with the time of joining (ISO 8601). */
  rooms: Record<string, string>;
  /** What presence shows for this member, taken when it last joined a room. */
  presence?: unknown;
  /** Set once the close was handled. */
  done?: boolean;
}

/** A member whose socket lives in another room's object, as that room's object stores it. */
export interface RemoteMember {
  id: string;
  data: unknown;
  joinedAt: string;
  /** The room whose object holds the socket. */
  home: string;
}

/** What a room object reports to the directory after every change (absolute values, so a repeat is harmless). */
export interface ObjectReport {
  room: string;
  /** Members of this room, wherever their sockets live. */
  members: number;
  /** Members of this room whose sockets this object holds. */
  local: number;
  /** Open sockets this object holds, per request path. */
  byPath: Record<string, number>;
}

/** Internal operations: POST `${internalOrigin}/<op>` with a JSON body. */
export type RoomOperation =
  | { op: 'presence' }
  | { op: 'broadcast'; payload: { text: string } | { base64: string }; except: string | null }
  | { op: 'deliver'; ids: string[]; payload: { text: string } | { base64: string }; except: string | null }
  | { op: 'add-member'; member: RemoteMember }
  | { op: 'remove-member'; id: string }
  | { op: 'report'; report: ObjectReport }
  | { op: 'list' }
  | { op: 'holds'; ids: string[] }
  | { op: 'recount' };
