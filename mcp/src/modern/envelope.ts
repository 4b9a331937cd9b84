import { ErrorCode, RpcError } from '../jsonrpc';
import { LOG_LEVEL_META, isLogLevel, type LogLevel } from '../peer';
import { MODERN_VERSIONS, unsupportedVersion } from '../versions';

/** The `_meta` key of a request's protocol version (2026-07-28). */
export const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
/** The `_meta` key of the client capabilities a request declares (2026-07-28). */
const CLIENT_CAPABILITIES_META = 'io.modelcontextprotocol/clientCapabilities';
/** The `_meta` key of the client's name and version (2026-07-28). */
const CLIENT_INFO_META = 'io.modelcontextprotocol/clientInfo';

/** What a 2026-07-28 request says about its client in `_meta`. */
export interface Envelope {
  version: string;
  capabilities: Record<string, unknown>;
  clientInfo?: { name?: string; version?: string };
  /** The request's own minimum log level; without one the request hears no log messages. */
  logLevel?: LogLevel;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function invalid(message: string): RpcError {
  return new RpcError(ErrorCode.InvalidParams, message);
}

/** Whether a request's params carry a 2026-07-28 envelope (a `_meta` protocol version), whatever its value. */
export function hasEnvelope(params: Record<string, unknown> | undefined): boolean {
  return isObject(params?._meta) && params._meta[PROTOCOL_VERSION_META] !== undefined;
}

/**
 * Reads the envelope of a modern request: an unsupported version (the `_meta` one, else `headerVersion`) is -32022
 * with the versions we speak per request; a missing or malformed required field, or a bad log level, is -32602.
 */
export function readEnvelope(meta: unknown, headerVersion?: string | null): Envelope {
  if (meta !== undefined && !isObject(meta)) throw invalid('Invalid "_meta": expected an object');
  const version = meta?.[PROTOCOL_VERSION_META];
  const spoken = MODERN_VERSIONS as readonly string[];
  if (version === undefined) {
    if (typeof headerVersion === 'string' && !spoken.includes(headerVersion)) throw unsupportedVersion(headerVersion, spoken);
    throw invalid(
      `Missing "_meta.${PROTOCOL_VERSION_META}": 2026-07-28 requests carry their protocol version and client capabilities in params._meta (2025-11-25 and older clients send initialize first)`,
    );
  }
  if (typeof version !== 'string') throw invalid(`Invalid "_meta.${PROTOCOL_VERSION_META}": expected a string`);
  if (!spoken.includes(version)) throw unsupportedVersion(version, spoken);
  const capabilities = meta?.[CLIENT_CAPABILITIES_META];
  if (!isObject(capabilities))
    throw invalid(
      `Missing or invalid "_meta.${CLIENT_CAPABILITIES_META}": every 2026-07-28 request declares its client capabilities (an object, {} for none)`,
    );
  const envelope: Envelope = { version, capabilities };
  const clientInfo = meta?.[CLIENT_INFO_META];
  if (clientInfo !== undefined) {
    if (!isObject(clientInfo)) throw invalid(`Invalid "_meta.${CLIENT_INFO_META}": expected { name, version }`);
    envelope.clientInfo = clientInfo as Envelope['clientInfo'];
  }
  const level = meta?.[LOG_LEVEL_META];
  if (level !== undefined) {
    if (!isLogLevel(level))
      throw invalid(
        `Invalid "_meta.${LOG_LEVEL_META}" "${String(level)}": use debug, info, notice, warning, error, critical, alert or emergency`,
      );
    envelope.logLevel = level;
  }
  return envelope;
}
