export { EventBus } from './bus';
export { EventBusBridge, type EventBusBridgeOptions, type EventBusBridgeStats } from './bridge';
export { KVBusTransport, type KVBusTransportOptions } from './kv-transport';
export type { BusTransport, TransportHooks, TransportListener, TransportStats } from './transport';
export { topicMatches } from './topic';
export type { BusEvent, EventHandler, EventBusOptions, EventBusStats, PublishListener } from './types';
