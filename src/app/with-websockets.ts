import type { Fw as CoreFw } from '../core/fw';
import type { Fw } from './fw';

/**
 * The app as one with WebSocket routes (`fw`'s `Fw`), or null for a kernel app (`fw/core`); targets check this by
 * shape, not by class, so a `fw/core` worker bundle never pulls in the full `Fw` to find out.
 */
export function withWebSockets(app: CoreFw): Fw | null {
  const candidate = app as unknown as Partial<Fw>;
  return candidate.websockets !== undefined && typeof candidate.upgradeWebSocket === 'function' ? (app as Fw) : null;
}
