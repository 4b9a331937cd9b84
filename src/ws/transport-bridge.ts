import type { BusTransport } from '../event-bus/transport';
import type { RoomBridge, RoomEvent } from './types';

const types = new Set(['broadcast', 'join', 'leave', 'sync-request', 'sync', 'bye', 'alive']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whether a message off the wire is a well-formed room event (others are dropped, never acted on). */
export function isRoomEvent(value: unknown): value is RoomEvent {
  if (!isObject(value) || typeof value.origin !== 'string' || !types.has(value.type as string)) return false;
  switch (value.type) {
    case 'broadcast':
      return (
        typeof value.room === 'string' &&
        isObject(value.payload) &&
        (typeof value.payload.text === 'string' || typeof value.payload.base64 === 'string') &&
        (value.except === null || typeof value.except === 'string')
      );
    case 'join':
      return (
        typeof value.room === 'string' &&
        isObject(value.member) &&
        typeof value.member.id === 'string' &&
        typeof value.member.instance === 'string' &&
        typeof value.member.joinedAt === 'string'
      );
    case 'leave':
      return typeof value.room === 'string' && typeof value.id === 'string';
    case 'sync':
      return (
        typeof value.to === 'string' &&
        isObject(value.rooms) &&
        Object.values(value.rooms).every(
          (list) =>
            Array.isArray(list) &&
            list.every((m) => isObject(m) && typeof m.id === 'string' && typeof m.instance === 'string' && typeof m.joinedAt === 'string'),
        )
      );
    default:
      return true;
  }
}

/**
 * A RoomBridge over an event-bus transport: Redis (`redisBusTransport` of fw/node: Streams by default, each running
 * instance gets every event once and in order, a cut connection resumes where it was; `mode: 'pubsub'` for fire and
 * forget) or KV polling (`KVBusTransport`, any KVStore, delay = poll period). Give the rooms their own channel (e.g. `fw:rooms`).
 * Events travel as JSON; malformed messages are dropped.
 */
export class TransportRoomBridge implements RoomBridge {
  constructor(private readonly transport: BusTransport) {
    if (!transport || typeof transport.publish !== 'function' || typeof transport.subscribe !== 'function')
      throw new TypeError('TransportRoomBridge needs a BusTransport');
  }

  /** Publishes one event as JSON. */
  publish(event: RoomEvent): Promise<void> {
    return this.transport.publish(JSON.stringify(event));
  }

  /** Subscribes the transport; unsubscribing closes it. */
  async subscribe(listener: (event: RoomEvent) => void): Promise<() => Promise<void>> {
    await this.transport.subscribe((message) => {
      let event: unknown;
      try {
        event = JSON.parse(message);
      } catch {
        return;
      }
      if (isRoomEvent(event)) listener(event);
    });
    return () => this.transport.close();
  }
}
