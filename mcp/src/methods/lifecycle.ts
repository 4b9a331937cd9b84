import { ErrorCode, RpcError } from '../jsonrpc';
import { isLogLevel, type ClientLink } from '../peer';
import { negotiateVersion } from '../versions';

/** What the server announces about itself in `initialize`. */
export interface ServerIdentity {
  /** `serverInfo`: name, version, and the optional title, description, icons and websiteUrl. */
  readonly serverInfo: Record<string, unknown>;
  instructions: string | undefined;
  /** The version offered when the client asks for one we do not speak. */
  protocolVersion: string;
  capabilities(link: ClientLink): Record<string, unknown>;
}

/** `initialize`: negotiates the version, records the client's capabilities on its link, announces ours. */
export async function initialize(
  params: Record<string, any> | undefined,
  link: ClientLink,
  server: ServerIdentity,
): Promise<Record<string, unknown>> {
  if (typeof params?.protocolVersion !== 'string')
    throw new RpcError(ErrorCode.InvalidParams, 'initialize needs "protocolVersion" (a string)');
  const capabilities = params.capabilities;
  if (capabilities !== undefined && (capabilities === null || typeof capabilities !== 'object' || Array.isArray(capabilities))) {
    throw new RpcError(ErrorCode.InvalidParams, 'initialize: "capabilities" must be an object');
  }
  const version = negotiateVersion(params.protocolVersion, server.protocolVersion);
  const peer = link.peer;
  peer.protocolVersion = version;
  peer.clientCapabilities = capabilities ?? {};
  peer.clientInfo = params.clientInfo;
  await link.onPeerChange?.(peer);
  const result: Record<string, unknown> = {
    protocolVersion: version,
    capabilities: server.capabilities(link),
    serverInfo: server.serverInfo,
  };
  if (server.instructions !== undefined) result.instructions = server.instructions;
  return result;
}

/**
 * `logging/setLevel`: the client's minimum level for `notifications/message`; an unknown level is -32602. It lasts
 * as long as the link's peer: a session, a stdio or legacy SSE connection; without a session, only the POST it came in.
 */
export async function setLevel(params: Record<string, any> | undefined, link: ClientLink): Promise<Record<string, unknown>> {
  const level = params?.level;
  if (!isLogLevel(level))
    throw new RpcError(
      ErrorCode.InvalidParams,
      `Invalid log level "${String(level)}": use debug, info, notice, warning, error, critical, alert or emergency`,
    );
  link.peer.logLevel = level;
  await link.onPeerChange?.(link.peer);
  return {};
}
