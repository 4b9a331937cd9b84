import type { KVStore } from '../kv/types';
import type { ResolvedMetricsOptions } from './options';
import type { MetricsRecorder } from './recorder';

/** App state key under which `metrics()` keeps its recorder and settings (targets report cold starts through it). */
export const METRICS_STATE_KEY = 'fw:metrics';

/** What `metrics()` keeps as app state. */
export interface MetricsState {
  recorder: MetricsRecorder;
  options: ResolvedMetricsOptions;
  /** The platform `env` of the latest request (a `store` function takes it; workers hand bindings to requests only). */
  env: unknown;
  /** The store for an `env`, or null when the app has none. */
  store(env: unknown): KVStore | null;
}

/** What reports a cold start into an app: `identify` when its first invocation starts, `recordColdStart` when it ends. */
export interface ColdStartSink {
  identify(target: string, instanceId: string): void;
  recordColdStart(target: string, initMs: number, firstMs: number): void;
}

/** The app's cold-start sink (its metrics recorder), or undefined when the app has no `metrics()`. */
export function coldStartSinkOf(app: { state<T>(key: string): T | undefined }): ColdStartSink | undefined {
  return app.state<MetricsState>(METRICS_STATE_KEY)?.recorder;
}
