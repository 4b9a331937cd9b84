/** Warm-up: do at init what the first request would otherwise pay for. */
import type { CoreFw } from 'fw';
import { recordWarmUp } from './cold-start';
import type { LazyImport } from './lazy-import';

/** What `warmUp()` does besides readying the app. */
export interface WarmUpOptions {
  /** Lazy imports to load now (failures are reported, and retried on their next `get()`). */
  preload?: LazyImport<unknown>[];
}

/** What a warm-up did. */
export interface WarmUpReport {
  durationMs: number;
  /** How many preloads succeeded. */
  preloaded: number;
  /** Errors of the preloads that failed. */
  errors: unknown[];
}

/** Runs plugin setups and `onStart`, compiles every route (validators, serializers), preloads lazy imports, and records `warmUpMs`. */
export async function warmUp(app: CoreFw, options: WarmUpOptions = {}): Promise<WarmUpReport> {
  const started = performance.now();
  const preloads = Promise.allSettled((options.preload ?? []).map((lazy) => lazy.get()));
  await app.ready();
  app.compile();
  const settled = await preloads;
  const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []));
  const durationMs = performance.now() - started;
  recordWarmUp(durationMs);
  return { durationMs, preloaded: settled.length - errors.length, errors };
}
