import type { MCPAuthInfo } from './info';

/**
 * Who a request speaks for, as a key to bind sessions, tasks and streams to: a digest (128 bits of SHA-256, hex) of
 * the token's issuer, subject (`sub`) and client id, so two tokens of the same user and client share it (a refreshed
 * token keeps its session) and the key reveals neither. '' without OAuth (stdio, `authToken`, no check).
 */
export async function principalOf(auth: MCPAuthInfo | undefined): Promise<string> {
  if (auth === undefined) return '';
  const text = JSON.stringify([auth.issuer ?? null, auth.subject ?? null, auth.clientId ?? null]);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let hex = '';
  for (const byte of digest.subarray(0, 16)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
