export { Fw, type FwConfig } from './app/fw';
export { Fw as CoreFw } from './core/fw';
export { responseFactory, makeResponse, type ResponseFactory } from './core/response-factory';
export type { SchemaCompiler, CompiledRouteSchema } from './core/schema-compiler';
export { Context, type ExecutionContext } from './core/context';
export { Group } from './app/group';
export { withWebSockets } from './app/with-websockets';
export { Router, type Match, type Params } from './core/router';
export { QueryParseCache, parseQueryString, type ParsedQuery } from './core/query';
export { serializeCookie, readCookie, type CookieOptions } from './core/cookie';
export {
  HttpError,
  BusinessError,
  NotFoundError,
  UnauthorizedError,
  ForbiddenError,
  ConflictError,
  SystemError,
  FatalError,
  type HttpErrorOptions,
} from './core/errors';
export { errorBody } from './core/respond';
export { routeInfos, middlewareInfo, appConfigInfo } from './core/server-methods';
export { hasPlatform, platform, type Platform, type PlatformHolder, type PlatformServices } from './core/platform';
export type * from './core/types';
export * from './schema';
export {
  registerFormat,
  getFormat,
  listFormats,
  negotiateFormat,
  jsonFormat,
  type DataFormat,
  type FormatOwner,
  type FormatTable,
} from './core/formats';
export {
  WebSocketRoutes,
  isWebSocketRequest,
  type WSConnection,
  type WebSocketHandlers,
  type WebSocketRouteOptions,
  type WebSocketUpgrade,
  type WebSocketTransport,
  type WebSocketDriver,
  type WebSocketObserver,
  type WebSocketMessage,
  type WebSocketData,
  type WebSocketRoute,
} from './ws/routes';
export * from './circuit-breaker';
export * from './errors';
export * from './security';
export * from './cors';
export * from './csrf';
export * from './timeout';
export * from './metrics';
export * from './ip-restriction';
export * from './context-storage';
export * from './combine';
export * from './proxy';
export * from './stream';
export * from './accepts';
export * from './language';
export * from './event-bus';
export {
  RoomManager,
  MemoryRoomBridge,
  TransportRoomBridge,
  isRoomEvent,
  encodePayload,
  decodePayload,
  type RoomManagerOptions,
  type BroadcastOptions,
  type Rooms,
  type RoomBridge,
  type RoomEvent,
  type RoomMember,
  type RoomInfo,
  type ConnectionInfo,
  type BridgePayload,
} from './ws';
export * from './scheduler';
export * from './db';
export * from './kv';
export * from './health';
export * from './logger';
export * from './observability';
export * from './trace';
export * from './lifecycle';
export * from './workspace';
export * from './ratelimit';
export * from './cache';
export * from './web';
export * from './compress';
export * from './session';
export * from './basic-auth';
export * from './bearer-auth';
export * from './jwt';
export * from './jwk';
export * from './webhooks';
export * from './openapi';
export * from './testing';
export * from './rpc';
export * from './static';
export * from './file-routes';
export * from './upload';
export * from './jsx';
export * from './legacy';
export * from './typed';
export type * from './core/typed-routes';
export type { AppKinds, GroupKinds, AppKind, TypedHandler, TypedRouteOptions, RoutesOf as GroupRoutesOf, WithPlugin } from './core/fw';
export * from './client';
