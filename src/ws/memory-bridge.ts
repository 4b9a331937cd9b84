import type { RoomBridge, RoomEvent } from './types';

/**
 * A RoomBridge inside one process (or one worker isolate): RoomManagers sharing one instance behave like
 * separate instances linked by pub/sub. Events are copied (JSON) and delivered asynchronously, as over a network.
 */
export class MemoryRoomBridge implements RoomBridge {
  private readonly listeners = new Set<(event: RoomEvent) => void>();

  /** Delivers a copy of the event to every subscriber on a later microtask. */
  async publish(event: RoomEvent): Promise<void> {
    const text = JSON.stringify(event);
    for (const listener of [...this.listeners]) queueMicrotask(() => listener(JSON.parse(text) as RoomEvent));
  }

  /** Adds a subscriber. */
  async subscribe(listener: (event: RoomEvent) => void): Promise<() => void> {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
