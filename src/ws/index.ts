/** WebSocket rooms: the RoomManager and the bridges that fan rooms out across instances. */
export { RoomManager, type RoomManagerOptions, type BroadcastOptions } from './room-manager';
export { MemoryRoomBridge } from './memory-bridge';
export { TransportRoomBridge, isRoomEvent } from './transport-bridge';
export { encodePayload, decodePayload } from './payload';
export type { Rooms, RoomBridge, RoomEvent, RoomMember, RoomInfo, ConnectionInfo, BridgePayload } from './types';
