/**
 * Setup file of the unit lane, whose files share a module graph per worker: a file that leaves vitest's fake timers
 * on would stop the real timers of the next file in the same worker, so each file ends on real timers.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
});
