import type { Fw as CoreFw } from '../core/fw';
import { mergeDocs } from './merge';
import { METRICS_STATE_KEY, type MetricsState } from './state';
import { readInstanceDocs, writeInstanceDoc } from './store-sync';
import type { MetricsView } from './types';

/** Options of `readMetricsView` and `flushMetrics`. */
export interface ReadMetricsOptions {
  /** The platform `env` a `store` function takes (default: the latest request's). */
  env?: unknown;
  /** The moment the window ends in (default now), ms since the epoch. */
  now?: number;
}

type StateHolder = Pick<CoreFw, 'state'>;

function stateOf(app: StateHolder, where: string): MetricsState {
  const state = app?.state?.<MetricsState>(METRICS_STATE_KEY);
  if (state === undefined)
    throw new TypeError(`${where}: this app records no metrics; register the plugin first: await app.plugin(metrics())`);
  return state;
}

/** Whether the app records metrics (has the `metrics()` plugin). */
export function hasMetrics(app: StateHolder): boolean {
  return app?.state?.(METRICS_STATE_KEY) !== undefined;
}

/**
 * The app's metrics over the retention window, merged across every instance that shares its store (this instance's
 * own counts are read live, the others' from their last write); this instance only when the app has no store.
 */
export async function readMetricsView(app: StateHolder, options: ReadMetricsOptions = {}): Promise<MetricsView> {
  const state = stateOf(app, 'readMetricsView(app)');
  const { recorder, options: settings } = state;
  const now = options.now ?? Date.now();
  const own = recorder.snapshot(now);
  const store = state.store(options.env ?? state.env);
  const others = store === null ? [] : await readInstanceDocs(store, settings.name, settings.maxInstances, own.id);
  return mergeDocs([own, ...others], { slotMs: settings.slotMs, slots: settings.slots, now });
}

/** Writes this instance's metrics to the app's store now (a no-op without one); instances also do it on requests. */
export async function flushMetrics(app: StateHolder, options: ReadMetricsOptions = {}): Promise<void> {
  const state = stateOf(app, 'flushMetrics(app)');
  const store = state.store(options.env ?? state.env);
  if (store === null) return;
  const { options: o } = state;
  await writeInstanceDoc(store, state.recorder.snapshot(options.now ?? Date.now()), {
    name: o.name,
    retentionMs: o.slots * o.slotMs,
    maxStoreBytes: o.maxStoreBytes,
  });
}
