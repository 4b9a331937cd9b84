/** Per-instance cold-start statistics, kept by every target adapter and read by `fw/serverless/status`. */
import { coldStartSinkOf } from '../../src/metrics/state';
import { COLD_START_WATCHERS_STATE_KEY, type ColdStartWatcher } from '../../src/observability/cold-start-watch';

/** What holds app state: an app whose `metrics()` recorder hears of this instance's cold start. */
interface StateHolder {
  state<T>(key: string): T | undefined;
}

/** A snapshot of this instance's cold-start and invocation counters. */
export interface ColdStartStats {
  target: string;
  instanceId: string;
  /** Whether the latest invocation was the first one this instance served. */
  coldStart: boolean;
  coldStarts: number;
  invocations: number;
  warmInvocations: number;
  /**
   * Milliseconds from the instance's start to the first `markReady()` (to now while not ready): from the process's
   * start (`performance.timeOrigin`) on Node, Bun and Lambda, so runtime boot and every import count; on workers,
   * whose clock stands still at module scope, from the first request.
   */
  initDurationMs: number;
  firstInvocationMs: number | null;
  warmUpMs: number | null;
  uptimeMs: number;
  lastInvocationAt: string | null;
}

interface State {
  target: string;
  instanceId: string | null;
  /** When the instance started (performance.now()'s clock): the process's start, else (workers) the first request. */
  loadedAt: number;
  /** Whether the clock stood still when the module loaded (workerd's performance.now() reads 0 at module scope, then epoch ms). */
  clockFrozen: boolean;
  readyAt: number | null;
  coldStart: boolean;
  coldStarts: number;
  invocations: number;
  firstInvocationMs: number | null;
  warmUpMs: number | null;
  lastInvocationAt: number | null;
}

/**
 * Where the instance started on performance.now()'s clock: 0, the process's start, where the clock counts from it
 * (Node, Bun, Lambda: `performance.timeOrigin` is when the process began); elsewhere (workerd, whose `timeOrigin`
 * is 0 and whose clock reads epoch milliseconds) the moment this module loaded.
 */
function processStart(): number {
  return performance.timeOrigin > 0 ? 0 : performance.now();
}

function freshState(loadedAt: number): State {
  return {
    target: 'unknown',
    instanceId: null,
    loadedAt,
    clockFrozen: performance.now() === 0,
    readyAt: null,
    coldStart: false,
    coldStarts: 0,
    invocations: 0,
    firstInvocationMs: null,
    warmUpMs: null,
    lastInvocationAt: null,
  };
}

let state = freshState(processStart());

/** Workers forbid random values at module scope, so the id is drawn on first read (loading Node's crypto takes ~0.4 ms, kept off the first invocation). */
function instanceId(): string {
  state.instanceId ??= crypto.randomUUID();
  return state.instanceId;
}

const warmDone = (): void => undefined;

/**
 * Records the start of an invocation; call the returned function once its response is ready, before waiting for its
 * `waitUntil` work (an export there may wait for the cold start). Only the first invocation is timed, so a warm one
 * costs a few field writes and returns a shared no-op (it runs per request). Given the app, the first invocation is
 * also recorded into its `metrics()` (init and first-invocation durations), and the app's cold-start watchers
 * (`otelExport`) hear when it starts and once it is recorded.
 */
export function startInvocation(target: string, app?: StateHolder): () => void {
  const isFirst = state.invocations === 0;
  state.target = target;
  state.invocations += 1;
  state.coldStart = isFirst;
  state.lastInvocationAt = Date.now();
  if (!isFirst) return warmDone;
  const startedAt = performance.now();
  if (state.clockFrozen) thawClock(startedAt);
  state.coldStarts += 1;
  const owner = state;
  const sink = app === undefined ? undefined : coldStartSinkOf(app);
  const watchers = app?.state<ColdStartWatcher[]>(COLD_START_WATCHERS_STATE_KEY) ?? [];
  sink?.identify(target, instanceId());
  for (const watcher of watchers) watcher.started();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (owner === state) {
      const firstMs = performance.now() - startedAt;
      state.firstInvocationMs = firstMs;
      sink?.recordColdStart(target, getColdStartStats().initDurationMs, firstMs);
    }
    for (const watcher of watchers) watcher.recorded();
  };
}

/** Moves the load and ready times read while the clock stood still to the first moment it moves. */
function thawClock(now: number): void {
  state.clockFrozen = false;
  state.loadedAt = now;
  if (state.readyAt !== null && state.readyAt < now) state.readyAt = now;
}

/** Stores how long `warmUp()` took, so status reports can separate it from the first invocation. */
export function recordWarmUp(ms: number): void {
  state.warmUpMs = ms;
}

/** Marks the instance ready (init and warm-up done); only the first call counts. */
export function markReady(): void {
  if (state.readyAt === null) state.readyAt = state.clockFrozen ? 0 : performance.now();
}

/** Returns a snapshot of the counters for this instance. */
export function getColdStartStats(): ColdStartStats {
  const now = performance.now();
  if (state.clockFrozen && now !== 0) thawClock(now);
  return {
    target: state.target,
    instanceId: instanceId(),
    coldStart: state.coldStart,
    coldStarts: state.coldStarts,
    invocations: state.invocations,
    warmInvocations: state.invocations - state.coldStarts,
    initDurationMs: (state.readyAt ?? now) - state.loadedAt,
    firstInvocationMs: state.firstInvocationMs,
    warmUpMs: state.warmUpMs,
    uptimeMs: now - state.loadedAt,
    lastInvocationAt: state.lastInvocationAt === null ? null : new Date(state.lastInvocationAt).toISOString(),
  };
}

/** Forgets everything and starts a new simulated instance, started now; for tests only. */
export function resetColdStartStats(): void {
  state = freshState(performance.now());
}
