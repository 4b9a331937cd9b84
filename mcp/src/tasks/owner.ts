import { principalOf } from '../auth/principal';
import type { ClientLink } from '../peer';

/** Owner of the tasks of a client without a session or OAuth: anyone holding a task id (ids are random UUIDs). */
export const ANYONE = '-';

/**
 * Who a task belongs to: a hash of the client's session (or stdio, legacy stream) id and, with OAuth, of the token's
 * principal (issuer, subject, client id), so the store never holds a usable session id and a task created under one
 * subject is unknown under another, session or not; `-` for a sessionless client without OAuth.
 */
export async function ownerOf(link: ClientLink): Promise<string> {
  const key = link.peer.key;
  const principal = await principalOf(link.auth);
  if (key === '' && principal === '') return ANYONE;
  const text = principal === '' ? key : `${key}\n${principal}`;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let hex = '';
  for (const byte of digest.subarray(0, 16)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
