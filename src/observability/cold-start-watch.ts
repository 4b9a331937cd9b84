/**
 * How a reader of the metrics right after an answer (`otelExport`) learns of this instance's cold start: the target
 * tells each watcher in the app state when the first invocation starts and when its cold start has been recorded
 * (`startInvocation` of fw/serverless), so an export started by the first answer can wait for it and carry it.
 */

/** App state key of the watchers (a list) the targets tell about this instance's first invocation. */
export const COLD_START_WATCHERS_STATE_KEY = 'fw:cold-start-watchers';

/** Told when this instance's first invocation starts and when its cold start has been recorded into `metrics()`. */
export interface ColdStartWatcher {
  started(): void;
  recorded(): void;
}

/** A watcher that also gives the cold start under way, if any: `recording()` resolves once it is recorded. */
export interface ColdStartWait extends ColdStartWatcher {
  recording(): Promise<void> | undefined;
}

/** Creates a watcher and adds it to the app's list, so the targets tell it of the first invocation. */
export function watchColdStart(app: {
  state<T>(key: string): T | undefined;
  setState(key: string, value: unknown): unknown;
}): ColdStartWait {
  let pending: { promise: Promise<void>; resolve: () => void } | undefined;
  const watcher: ColdStartWait = {
    started() {
      let resolve = (): void => undefined;
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      pending = { promise, resolve };
    },
    recorded() {
      pending?.resolve();
      pending = undefined;
    },
    recording: () => pending?.promise,
  };
  const watchers = app.state<ColdStartWatcher[]>(COLD_START_WATCHERS_STATE_KEY);
  if (watchers === undefined) app.setState(COLD_START_WATCHERS_STATE_KEY, [watcher]);
  else watchers.push(watcher);
  return watcher;
}
