import type { WebSocketData } from './routes';
import type { BridgePayload } from './types';

function toBytes(data: ArrayBuffer | ArrayBufferView): Uint8Array {
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** Turns a message into JSON-able form for the bridge (bytes as base64). */
export function encodePayload(data: WebSocketData): BridgePayload {
  if (typeof data === 'string') return { text: data };
  const bytes = toBytes(data);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary) };
}

/** Turns a bridge payload back into what `ws.send` takes. */
export function decodePayload(payload: BridgePayload): string | Uint8Array {
  if ('text' in payload) return payload.text;
  const binary = atob(payload.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
