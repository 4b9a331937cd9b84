import type { Context } from '../core/context';
import type { Fw } from '../core/fw';
import type { FwPluginConfig } from '../core/types';
import { operatorGuard } from '../operator-access/operator-guard';
import { resolveMetricsOptions, type MetricsOptions, type ResolvedMetricsOptions } from './options';
import { toPrometheus, PROMETHEUS_CONTENT_TYPE } from './prometheus';
import { flushMetrics, readMetricsView } from './read';
import { observeAnswers } from './observe';
import { MetricsRecorder, UNMATCHED_ROUTE } from './recorder';
import { METRICS_STATE_KEY, type MetricsState } from './state';
import { summarizeMetrics, type MetricsSummary } from './summary';

/**
 * App state key under which `metrics()` keeps its summary reader, so tools (fw-mcp's `fw/serverless/status`) can
 * show the metrics of an app that records them without bundling fw/metrics into apps that do not.
 */
export const METRICS_SUMMARY_STATE_KEY = 'fw:metrics:summary';

/** What `metrics()` keeps under `METRICS_SUMMARY_STATE_KEY`: the app's merged metrics, summed up. */
export type MetricsSummaryReader = (app: Pick<Fw, 'state'>) => Promise<MetricsSummary>;

const readSummary: MetricsSummaryReader = async (app) => summarizeMetrics(await readMetricsView(app));

/** The state `metrics()` shares, with its flush schedule. */
function metricsState(options: ResolvedMetricsOptions): MetricsState {
  const pick = options.store;
  return {
    recorder: new MetricsRecorder(options),
    options,
    env: undefined,
    store: (env) => (pick === null ? null : pick(env)),
  };
}

/**
 * Records each answer and, once `flushMs` has passed (or a cold start was recorded), writes this instance's metrics
 * to the store after the response; an answer that comes while a write is running gets one more write after it.
 * One clock read per answer besides its start: the recorder and the flush schedule both go by that reading.
 */
function recordingObserver(state: MetricsState, flush: (env: unknown) => Promise<void>) {
  const { recorder, options } = state;
  let nextFlush = 0;
  // Read once: Node's global `performance` is an accessor that runs a check on every read.
  const clock = performance;
  let flushing = false;
  let again = false;
  const writes = async (env: unknown): Promise<void> => {
    do {
      again = false;
      await flush(env).catch((error: unknown) => console.error('fw/metrics: writing this instance metrics to the store failed', error));
    } while (again);
    flushing = false;
  };
  return (ctx: Context, response: Response, startedAt: number): void => {
    const at = clock.now();
    const route = ctx.routePath;
    recorder.recordAt(route === null ? '*' : ctx.method, route ?? UNMATCHED_ROUTE, response.status, at - startedAt, at);
    if (options.store === null || (at < nextFlush && !recorder.coldStartPending)) return;
    nextFlush = at + options.flushMs;
    state.env = ctx.env;
    if (flushing) {
      again = true;
      return;
    }
    flushing = true;
    ctx.waitUntil(writes(ctx.env));
  };
}

/**
 * Records request and cold-start metrics of the app in time slots over a retention window, shares them with the
 * app's other instances through `store`, and serves the merged view in the Prometheus text format at `path`
 * (`/__fw/metrics`) to an authorized caller (loopback, a token or the app's guard). Read it with `readMetricsView(app)`.
 */
export function metrics(options: MetricsOptions = {}): FwPluginConfig {
  const resolved = resolveMetricsOptions(options);
  const guard = resolved.path === false ? null : operatorGuard(resolved.access, 'metrics() "access"', 'fw metrics');
  const state = metricsState(resolved);
  return {
    name: 'metrics',
    state: { [METRICS_STATE_KEY]: state, [METRICS_SUMMARY_STATE_KEY]: readSummary },
    setup(app) {
      if (app.state(METRICS_STATE_KEY) !== state) throw new Error('metrics(): the app already has another metrics() plugin');
      observeAnswers(
        app,
        recordingObserver(state, (env) => flushMetrics(app, { env })),
      );
      const path = resolved.path;
      if (path === false || guard === null) return;
      app.get(
        path,
        async (ctx: Context) => {
          const refused = await guard(ctx);
          if (refused !== null) return refused;
          const text = toPrometheus(await readMetricsView(app, { env: ctx.env }));
          return new Response(text, { headers: { 'content-type': PROMETHEUS_CONTENT_TYPE, 'cache-control': 'no-store' } });
        },
        { tags: ['metrics'], summary: 'Request and cold-start metrics of every instance (Prometheus text format 0.0.4)' },
      );
    },
  };
}
