import type { Context } from 'fw';
import { principalOf } from '../auth/principal';
import { authOf } from '../auth/request-auth';
import type { PeerState } from '../peer';
import { callerAddress } from './client-address';

/**
 * Whom a request's cancellations belong to: its session when it has one; without a session, the OAuth principal (or,
 * without OAuth, the `Authorization` header the endpoint checked) together with the client's address, so a
 * cancellation from one caller never reaches another's request of the same id. Callers without credentials at one
 * address are one caller here: nothing else tells them apart without a session.
 */
export async function cancelCaller(ctx: Context, peer: PeerState): Promise<string> {
  if (peer.key !== '') return `session\n${peer.key}`;
  const principal = await principalOf(authOf(ctx.request));
  const credential = principal !== '' ? `principal:${principal}` : `authorization:${ctx.request.headers.get('authorization') ?? ''}`;
  return `caller\n${credential}\n${callerAddress(ctx) ?? ''}`;
}
