import type { ServerResponse } from 'node:http';
import { LIFECYCLE_STATE_KEY, type CoreFw, type LifecycleManager } from 'fw';

/**
 * Counts a response whose body is still being written as in flight with the app's lifecycle manager (when the
 * `lifecycle` plugin is installed) until its connection is done with it: the plugin's own count ends when the
 * handler returns, so without this a graceful shutdown would cut a streaming response and report a clean stop.
 */
export function holdWhileWriting(app: CoreFw, res: ServerResponse): void {
  const manager = app.state<LifecycleManager>(LIFECYCLE_STATE_KEY);
  if (manager === undefined || res.writableFinished) return;
  res.once('close', manager.requestStarted());
}
