import { hasMetrics, readMetricsView } from '../metrics/read';
import type { MetricsView } from '../metrics/types';

/**
 * The metrics part of a health snapshot: the app's merged view when it has `metrics()` (`metrics: null` and
 * `metricsError` when its store could not be read), nothing when it has not.
 */
export interface SnapshotMetrics {
  /** The app's request and cold-start metrics over the window, merged across instances (`readMetricsView`). */
  metrics?: MetricsView | null;
  /** Why `metrics` is null: the store could not be read. */
  metricsError?: string;
}

const noMetrics = 'No metrics recorded: register the metrics() plugin to see requests and cold starts here.';

/** Reads the app's metrics for a snapshot (`env`: what a `store` function takes); never throws. */
export async function readSnapshotMetrics(app: Parameters<typeof hasMetrics>[0], env: unknown): Promise<SnapshotMetrics> {
  if (!hasMetrics(app)) return {};
  try {
    return { metrics: await readMetricsView(app, { env }) };
  } catch (error) {
    return { metrics: null, metricsError: `Metrics could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The metrics part less the GET routes in `own` (the dashboard's: its polling would draw a line of its own). */
export function withoutRoutes<S extends SnapshotMetrics>(snapshot: S, own: readonly string[]): S {
  const view = snapshot.metrics;
  if (view === undefined || view === null) return snapshot;
  return { ...snapshot, metrics: { ...view, routes: view.routes.filter((r) => r.method !== 'GET' || !own.includes(r.route)) } };
}

/**
 * What the page shows of a snapshot's metrics: the view, or the sentence saying why there is none (a store that could
 * not be read; with `explain`, no `metrics()` plugin), or undefined (no metrics part).
 */
export function shownMetrics(snapshot: SnapshotMetrics, explain: boolean): MetricsView | string | undefined {
  if (snapshot.metrics !== undefined) return snapshot.metrics ?? snapshot.metricsError;
  return explain ? noMetrics : undefined;
}
