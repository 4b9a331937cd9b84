import type { ClientLink } from '../peer';

/** Owner of the tasks of a client without a session: anyone holding a task id (ids are random UUIDs). */
const ANYONE = '-';

/**
 * Who a task belongs to: a hash of the client's session (or stdio, legacy stream) id, so the store never holds a
 * usable session id; `-` for a sessionless client.
 */
export async function ownerOf(link: ClientLink): Promise<string> {
  const key = link.peer.key;
  if (key === '') return ANYONE;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  let hex = '';
  for (const byte of digest.subarray(0, 16)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
